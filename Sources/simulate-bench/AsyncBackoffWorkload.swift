// Shared, as a symbolic link, with Benchmarks/TestClockBenchmark: both run exactly this client code.
import SimulateAsync
import SimulateCore
import SimulateJSON

/// The reconnect-backoff client as app code writes it: plain async code sleeping on an injected
/// `Clock` through the seed's delays (1 s, doubling, capped at 30 s), one failed reconnect per sleep.
enum AsyncBackoffClient {
    static func delay(_ index: Int) -> Duration {
        var seconds: Int64 = 1
        for _ in 0..<min(index, 8) { seconds = min(30, seconds * 2) }
        return .seconds(seconds)
    }

    /// Virtual time taken by the first `count` delays.
    static func total(_ count: Int) -> Duration {
        (0..<count).reduce(.zero) { $0 + delay($1) }
    }

    static func run<C: Clock>(clock: C, sleeps: Int, resolved: @Sendable () -> Void) async
    where C.Duration == Duration {
        for index in 0..<sleeps {
            do { try await clock.sleep(for: delay(index)) } catch { return }
            resolved()
        }
    }
}

/// Starts one ``AsyncBackoffClient`` per device on the run's simulation clock.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
struct AsyncBackoffPlugin: SimulationPlugin {
    struct Configuration: PluginArguments {
        var sleeps = 10
        static let fields: [Field<Self>] = [
            .integer("sleeps", \.sleeps, in: 0...Int.max, "Failed reconnects per client.")
        ]
    }

    var name: String { "asyncBackoff" }
    var summary: String { "One async reconnect-backoff client per device, on the simulation clock." }

    func makeRun(configuration: Configuration, context: SimulationContext) -> AsyncBackoffRun {
        AsyncBackoffRun(context: context, sleeps: configuration.sleeps)
    }
}

@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
final class AsyncBackoffRun: PluginRun {
    /// Read and written on the simulation's thread only.
    final class Tally: @unchecked Sendable {
        var resolved = 0
    }

    let context: SimulationContext
    let sleeps: Int
    let tally = Tally()

    init(context: SimulationContext, sleeps: Int) {
        self.context = context
        self.sleeps = sleeps
    }

    func start() {
        let runtime = SimulationRuntime.of(context)
        let (sleeps, tally) = (self.sleeps, self.tally)
        for device in context.devices {
            runtime.spawn(on: device, "client") {
                await AsyncBackoffClient.run(clock: runtime.clock, sleeps: sleeps) { tally.resolved += 1 }
            }
        }
    }

    func statistics() -> JSON? { ["resolved": .integer(Int64(tally.resolved))] }
}

/// Runs `clients` async clients for `sleepsPerClient` sleeps each under a scenario, without trace records.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
enum AsyncSimulationWorkload {
    static func measure(clients: Int, sleepsPerClient: Int) throws -> (sleeps: Int, seconds: Double) {
        let registry = PluginRegistry([AsyncBackoffPlugin()])
        let devices = (1...clients).map { "{\"id\": \"d\($0)\"}" }.joined(separator: ", ")
        let duration = AsyncBackoffClient.total(sleepsPerClient).components.seconds
        let scenario = try ScenarioLoader(registry: registry).load(
            text: """
                {"format": 1, "name": "async backoff benchmark", "duration": "\(duration)s",
                 "devices": [\(devices)], "plugins": {"asyncBackoff": {"sleeps": \(sleepsPerClient)}},
                 "expect": [], "limits": {"events": 2000000000}}
                """)
        let runner = SimulationRunner(registry: registry)
        let clock = ContinuousClock()
        let start = clock.now
        let result = runner.run(scenario, keepsTrace: false)
        let elapsed = start.duration(to: clock.now)
        precondition(result.failure == nil, "the benchmark run broke: \(result.failure!.message)")
        let resolved = Int(result.statistics["asyncBackoff"]?["resolved"]?.intValue ?? 0)
        precondition(resolved == clients * sleepsPerClient, "unexpected sleep count \(resolved)")
        let (seconds, attoseconds) = elapsed.components
        return (resolved, Double(seconds) + Double(attoseconds) * 1e-18)
    }
}
