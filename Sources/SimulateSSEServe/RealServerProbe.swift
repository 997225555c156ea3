import Foundation
import NIOCore
import NIOPosix
import SimulateCore

/// `simulate probe`: the reference client against a real server, judged by the client-side rules.
public final class RealServerProbe: Sendable {
    private let group: MultiThreadedEventLoopGroup
    private let session: ProbeSession

    /// Checks that the server answers at all (a TCP connect within `options.waitForServer`, 5 s unless
    /// set) before the scenario's clock starts.
    public init(scenario: Scenario, url: String, options: ProbeOptions = ProbeOptions()) throws(ProbeError) {
        guard scenario.plugin(named: "sse") != nil else {
            throw ProbeError(
                "probe drives the sse plugin's client; this scenario enables \(scenario.plugins.map(\.name).joined(separator: ", "))"
            )
        }
        let target: ProbeTarget
        switch ProbeTarget.parse(url) {
        case .success(let parsed): target = parsed
        case .failure(let error): throw error
        }
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let loop = group.next()
        if let error = Self.waitForServer(target, on: loop, within: options.waitForServer) {
            try? group.syncShutdownGracefully()
            throw ProbeError(
                "no answer from \(target.description) within \(RealTimeText.duration(options.waitForServer)) (--wait): \(SocketErrorText.describe(error))",
                isUnreachable: true)
        }
        self.group = group
        session = ProbeSession(scenario: scenario, target: target, options: options, loop: loop)
    }

    /// Each expectation not judged, with the reason.
    public var notJudged: [String] { ProbeJudge.notJudgedReasons(session.scenario) }

    /// What the probed server must hold when the run starts, for the judges' known list.
    public var requiredInitialState: String {
        let texts = session.initialTexts
        return texts.isEmpty
            ? "no items (the scenario's sse.items is empty)"
            : "\(texts.count) item(s), in order: " + texts.map { "\"\($0)\"" }.joined(separator: ", ")
                + " (the scenario's sse.items), and no others"
    }

    /// Connects until the server accepts or `within` has passed (a server still starting refuses at
    /// first); nil once it accepted, else the last error.
    private static func waitForServer(_ target: ProbeTarget, on loop: EventLoop, within: VirtualDuration) -> Error? {
        let deadline = NIODeadline.now() + .nanoseconds(within.nanoseconds)
        var lastError: Error?
        repeat {
            let left = deadline - .now()
            do {
                let channel = try ClientBootstrap(group: loop).connectTimeout(max(left, .milliseconds(1)))
                    .connect(host: target.host, port: target.port).wait()
                try? channel.close().wait()
                return nil
            } catch {
                lastError = error
            }
            Thread.sleep(forTimeInterval: 0.1)
        } while NIODeadline.now() < deadline
        return lastError
    }

    /// Runs the scenario's clients against the server to the scenario's end (or until `stop()`), then judges what they
    /// saw.
    public func run() throws -> RunResult {
        let result = try session.loop.submit { [session] in
            session.start()
            return session.outcome.futureResult
        }.wait().wait()
        Thread.sleep(forTimeInterval: 0.05)
        try? group.syncShutdownGracefully()
        return result
    }

    /// Ends the run early (Ctrl-C); `run()` still returns the verdict of what happened so far.
    public func stop() {
        session.loop.execute { [session] in session.stop() }
    }
}
