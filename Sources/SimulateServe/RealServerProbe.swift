import Foundation
import NIOCore
import NIOPosix
import SimulateCore

/// `simulate probe`: the reference client against a real server, judged by the client-side rules.
public final class RealServerProbe: Sendable {
    private let group: MultiThreadedEventLoopGroup
    private let session: ProbeSession

    /// Checks that the server answers at all (a TCP connect within 5 s) before the scenario's clock starts.
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
        do {
            let channel = try ClientBootstrap(group: loop).connectTimeout(.seconds(5))
                .connect(host: target.host, port: target.port).wait()
            try? channel.close().wait()
        } catch {
            try? group.syncShutdownGracefully()
            throw ProbeError("no answer from \(target.description): \(error)", isUnreachable: true)
        }
        self.group = group
        session = ProbeSession(scenario: scenario, target: target, options: options, loop: loop)
    }

    public var notJudged: [String] { ProbeJudge.notJudged(session.scenario) }

    public func run() throws -> RunResult {
        let result = try session.loop.submit { [session] in
            session.start()
            return session.outcome.futureResult
        }.wait().wait()
        Thread.sleep(forTimeInterval: 0.05)
        try? group.syncShutdownGracefully()
        return result
    }

    public func stop() {
        session.loop.execute { [session] in session.stop() }
    }
}
