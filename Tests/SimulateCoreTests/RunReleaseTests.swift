import Foundation
import SimulateCore
import SimulateJSON
import Testing

/// A run's objects are freed when it ends, even when a request or a stream is still under way and the
/// plugin's callbacks hold its run (and so the context) strongly, as plugin code often does.
@Suite struct RunReleaseTests {
    /// Remembers every run it made, weakly.
    /// `NSLock`, not `Mutex` (macOS 15 / iOS 18): the tests build at the package's minimum.
    final class Tracker: @unchecked Sendable {
        struct WeakRun { weak var run: AnyObject? }
        private var runs: [WeakRun] = []
        private let lock = NSLock()

        func add(_ run: AnyObject) { lock.withLock { runs.append(WeakRun(run: run)) } }
        var made: Int { lock.withLock { runs.count } }
        var alive: Int { lock.withLock { runs.filter { $0.run != nil }.count } }
    }

    struct HoldingPlugin: SimulationPlugin {
        let tracker: Tracker
        var name: String { "holding" }
        var summary: String { "Opens a stream and sends a request at time 0; both callbacks hold the run." }

        func makeRun(configuration: NoArguments, context: SimulationContext) -> HoldingRun {
            let run = HoldingRun(context: context)
            tracker.add(run)
            return run
        }
    }

    final class HoldingRun: PluginRun {
        let context: SimulationContext
        var answers = 0
        var bytes = 0
        var stream: StreamConnection?

        init(context: SimulationContext) { self.context = context }

        func start() {
            let device = context.devices[0]
            // Strong captures on purpose: the run holds the context, the network holds these callbacks.
            context.network.request(
                from: device, to: "slow", timeout: .seconds(600), serve: { 1 },
                completion: { result in self.answers += (try? result.get()) ?? 0 })
            let stream = context.network.openStream(from: device, to: "slow") { connection in
                connection.onClientGone = { self.stream = nil }
            }
            stream.onData = { self.bytes += $0.count }
            self.stream = stream
        }
    }

    @Test(arguments: ["0ms", "120s"])
    func aRunIsFreedWithWorkStillUnderWay(latency: String) throws {
        let tracker = Tracker()
        let registry = PluginRegistry([HoldingPlugin(tracker: tracker)])
        let scenario = try ScenarioLoader(registry: registry).load(
            text: """
                {"format": 1, "name": "holding", "duration": "60s", "devices": [{"id": "phone"}],
                 "plugins": {"holding": {}}, "network": {"latency": "\(latency)"}}
                """, file: "holding.json")
        let result = SimulationRunner(registry: registry).run(scenario, seed: 1)
        #expect(result.failure == nil)
        #expect(tracker.made == 1)
        #expect(tracker.alive == 0, "the run (and with it the context) outlived the run")
    }

    /// A client that closed its stream: the connection no longer calls its callbacks, so it lets go of them.
    /// Kept, an object that holds its connection and is held by its callback would outlive the run.
    struct ClosingPlugin: SimulationPlugin {
        let tracker: Tracker
        var name: String { "closing" }
        var summary: String { "A reader opens a stream at time 0 and closes it at 1 s; its callback holds it." }

        func makeRun(configuration: NoArguments, context: SimulationContext) -> ClosingRun {
            ClosingRun(context: context, tracker: tracker)
        }
    }

    final class ClosingRun: PluginRun {
        let context: SimulationContext
        let tracker: Tracker

        init(context: SimulationContext, tracker: Tracker) {
            self.context = context
            self.tracker = tracker
        }

        func start() {
            let reader = StreamReader()
            tracker.add(reader)
            reader.open(on: context.network, from: context.devices[0])
            context.scheduler.schedule(after: .seconds(1)) { reader.connection?.close() }
        }
    }

    final class StreamReader {
        var connection: StreamConnection?
        var bytes = 0

        func open(on network: Network, from device: Device) {
            let connection = network.openStream(from: device, to: "feed") { $0.send([1, 2, 3]) }
            // Strong captures on purpose: the reader holds its connection, the connection this callback.
            connection.onData = { self.bytes += $0.count }
            connection.onResponse = { _ in self.bytes += 0 }
            connection.onClose = { _ in self.bytes += 0 }
            self.connection = connection
        }
    }

    @Test func aStreamTheClientClosedLetsGoOfItsCallbacks() throws {
        let tracker = Tracker()
        let registry = PluginRegistry([ClosingPlugin(tracker: tracker)])
        let scenario = try ScenarioLoader(registry: registry).load(
            text: """
                {"format": 1, "name": "closing", "duration": "10s", "devices": [{"id": "phone"}],
                 "plugins": {"closing": {}}, "network": {"latency": "20ms"}}
                """, file: "closing.json")
        let result = SimulationRunner(registry: registry).run(scenario, seed: 1)
        #expect(result.failure == nil)
        #expect(tracker.made == 1)
        #expect(tracker.alive == 0, "the reader outlived the run through its closed stream's callbacks")
    }
}
