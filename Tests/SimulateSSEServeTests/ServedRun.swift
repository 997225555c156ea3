import Foundation
import SimulateCore
import SimulateJSON
import SimulateSSE
import SimulateSSEServe

/// `serve` in this process: the server runs on a background thread while the test plays the clients.
final class ServedRun: @unchecked Sendable {
    let server: FixtureServer
    private let done = DispatchSemaphore(value: 0)
    private var served: Result<ServeResult, Error>?

    init(_ scenarioText: String, options: ServeOptions = ServeOptions()) throws {
        let scenario = try ScenarioLoader(registry: PluginRegistry([SSEPlugin()])).load(text: scenarioText)
        server = try FixtureServer(scenario: scenario, options: options)
        Thread.detachNewThread { [self] in
            served = Result { try server.run() }
            done.signal()
        }
    }

    var port: Int { server.port }

    /// Waits for the run to end (its duration, or `server.stop()`), at most `seconds`.
    func result(within seconds: Double = 20) throws -> ServeResult {
        guard done.wait(timeout: .now() + seconds) == .success, let served else {
            throw RawSocket.SocketProblem(message: "serve did not end within \(seconds) s")
        }
        return try served.get()
    }
}

extension ServeResult {
    func expectation(_ name: String) -> ExpectationResult? { result.expectations.first { $0.name == name } }

    func statistic(_ name: String) -> Int64? {
        guard case .object(let serve)? = result.statistics["serve"], case .integer(let value)? = serve[name] else {
            return nil
        }
        return value
    }
}
