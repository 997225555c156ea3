import Foundation
import SimulateCore
import SimulateJSON
import Testing

/// Repeated steps and faults wait in the queue one occurrence at a time: the queue holds what is pending, not
/// what a `repeat` will bring, and the run is the same event for event.
@Suite struct LazyRepeatTests {
    /// The most events seen waiting at once.
    final class Tracker: @unchecked Sendable {
        private var most = 0
        private let lock = NSLock()

        func note(_ pending: Int) { lock.withLock { most = max(most, pending) } }
        var mostPending: Int { lock.withLock { most } }
    }

    struct QueuePlugin: SimulationPlugin {
        let tracker: Tracker
        var name: String { "queue" }
        var summary: String { "Notes how many events wait in the queue." }

        enum Action: PluginEntries {
            case look
            static let entries: [Entry<Self>] = [.entry("look", "Notes the events waiting in the queue.", .look)]
        }

        func makeRun(configuration: NoArguments, context: SimulationContext) -> QueueRun {
            QueueRun(context: context, tracker: tracker)
        }
    }

    final class QueueRun: PluginRun {
        let context: SimulationContext
        let tracker: Tracker

        init(context: SimulationContext, tracker: Tracker) {
            self.context = context
            self.tracker = tracker
        }

        func perform(_ action: QueuePlugin.Action, device: Device?) {
            tracker.note(context.scheduler.pendingEvents)
        }
    }

    static func scenario(count: Int) -> String {
        let repeating = #""repeat": {"every": "1ms", "count": \#(count)}"#
        return """
            {"format": 1, "name": "repeats", "duration": "\(count / 1000 + 1)s", "devices": [{"id": "phone"}],
             "plugins": {"queue": {}},
             "steps": [{"at": "0ms", "device": "phone", "do": "queue.look", \(repeating)},
                       {"at": "0ms", "device": "phone", "do": "queue.look", \(repeating)}],
             "faults": [{"at": "0ms", "for": "1ms", "kind": "offline", \(repeating)},
                        {"at": "0ms", "kind": "latency", "latency": "5ms", "for": "2ms", \(repeating)}]}
            """
    }

    @Test(arguments: [1_000, 20_000])
    func theQueueHoldsOneOccurrenceOfEachRepeat(count: Int) throws {
        let tracker = Tracker()
        let registry = PluginRegistry([QueuePlugin(tracker: tracker)])
        let scenario = try ScenarioLoader(registry: registry).load(text: Self.scenario(count: count))
        let result = SimulationRunner(registry: registry).run(scenario, keepsTrace: false)
        #expect(result.failure == nil)
        // Two steps and two faults, each with its next occurrence and at most two fault ends in the queue.
        #expect(tracker.mostPending <= 8, "\(tracker.mostPending) events waited at once")
        #expect(result.events == 1 + count * 2 + count * 2 * 2)
    }
}
