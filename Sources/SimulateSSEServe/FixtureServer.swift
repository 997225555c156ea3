import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import SimulateCore

/// `simulate serve`: the scenario's Punchlist server on a real socket, with the scenario's faults applied
/// to real connections, in real time (or `speed` times faster).
public final class FixtureServer: Sendable {
    /// Why `serve` could not start.
    public enum StartError: Error, CustomStringConvertible {
        /// The scenario enables no plugin whose server `serve` runs (these are the ones it enables).
        case noServerPlugin(enabled: [String])
        /// The listening socket could not be bound.
        case cannotBind(host: String, port: Int, reason: String)
        /// An option's value is out of range (the message says which and why).
        case invalidOption(String)

        /// The message `serve` prints.
        public var description: String {
            switch self {
            case .noServerPlugin(let enabled):
                "serve runs the servers of these plugins: sse; this scenario enables \(enabled.joined(separator: ", "))"
            case .cannotBind(let host, let port, let reason):
                "cannot listen on \(host):\(port): \(reason)"
            case .invalidOption(let message): message
            }
        }
    }

    private let group: MultiThreadedEventLoopGroup
    private let channel: Channel
    private let session: ServeSession
    /// The port the server listens on (the one the system chose for port 0).
    public let port: Int
    /// The address the server listens on, as given with `--host`.
    public let host: String

    /// Binds the listening socket; the scenario's clock starts with `run`.
    public init(scenario: Scenario, options: ServeOptions) throws {
        guard scenario.plugin(named: "sse") != nil else {
            throw StartError.noServerPlugin(enabled: scenario.plugins.map(\.name))
        }
        guard options.speed > 0, options.speed <= 1000, options.speed.isFinite else {
            throw StartError.invalidOption("--speed must be above 0 and at most 1000")
        }
        guard (0...65535).contains(options.port) else {
            throw StartError.invalidOption("--port must be 0…65535")
        }
        guard options.unsentByteLimit >= 1024 else {
            throw StartError.invalidOption("--max-unsent-bytes must be at least 1024")
        }
        guard options.idleTimeout >= .milliseconds(10) else {
            throw StartError.invalidOption("--idle-timeout must be at least 10ms")
        }
        let idleTimeout = TimeAmount.nanoseconds(options.idleTimeout.nanoseconds)
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let loop = group.next()
        let session = ServeSession(scenario: scenario, options: options, loop: loop)
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 1024)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(IdleStateHandler(readTimeout: idleTimeout))
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                    try channel.pipeline.syncOperations.addHandler(ServeHTTPHandler(session: session))
                }
            }
        do {
            channel = try bootstrap.bind(host: options.host, port: options.port).wait()
        } catch {
            session.outcome.fail(error)
            try? group.syncShutdownGracefully()
            throw StartError.cannotBind(host: options.host, port: options.port, reason: SocketErrorText.describe(error))
        }
        self.group = group
        self.session = session
        self.host = options.host
        port = channel.localAddress?.port ?? options.port
    }

    /// `http://host:port`, with an IPv6 host in brackets: the URL a client connects to.
    public var url: String { "http://\(host.contains(":") ? "[\(host)]" : host):\(port)" }

    /// Runs the scenario to its end (or until `stop()`), then judges what the clients did.
    public func run() throws -> ServeResult {
        let outcome = try session.loop.submit { [session] in
            session.start()
            return session.outcome.futureResult
        }.wait().wait()
        try? channel.close().wait()
        // Let the closes and resets reach the clients before the loop goes away.
        Thread.sleep(forTimeInterval: 0.05)
        try? group.syncShutdownGracefully()
        return ServeResult(result: outcome.result, notJudged: outcome.notJudged)
    }

    /// Ends the run now (Ctrl-C): what happened so far is judged.
    public func stop() {
        session.loop.execute { [session] in session.stop() }
    }
}
