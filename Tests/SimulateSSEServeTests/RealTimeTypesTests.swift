import SimulateCore
import SimulateSSE
import Testing

@testable import SimulateSSEServe

/// The real-time side's own time arithmetic, on virtual instants and durations.
struct RealTimeTypesTests {
    @Test func faultWindowsRepeatAndStopAtTheRunsEnd() throws {
        let scenario = try ScenarioLoader(registry: PluginRegistry([SSEPlugin()])).load(
            text: """
                {"format": 1, "name": "w", "duration": "10s", "devices": [{"id": "phone"}, {"id": "mac"}],
                 "plugins": {"sse": {}},
                 "faults": [{"at": "2s", "for": "1s", "kind": "offline", "device": "phone",
                             "repeat": {"every": "4s", "count": 5}},
                            {"at": "9s", "kind": "loss", "loss": 0.5}]}
                """)
        let timeline = FaultTimeline(scenario: scenario)
        let offline = timeline.windows.filter { $0.kind == .offline }
        #expect(offline.map(\.start) == [2, 6, 10].map { .start + .seconds($0) })
        #expect(offline.map(\.end) == [3, 7, 10].map { .start + .seconds($0) })
        #expect(timeline.windows.first { $0.kind == .loss }?.end == scenario.end)
        #expect(timeline.active(.offline, device: "phone", at: .start + .milliseconds(6_500)) != nil)
        #expect(timeline.active(.offline, device: "phone", at: .start + .seconds(7)) == nil)
        #expect(timeline.active(.offline, device: "mac", at: .start + .milliseconds(6_500)) == nil)
    }

    @Test func diffPairsEventsWithinTheTolerance() {
        func event(_ milliseconds: Int64, _ key: String) -> TraceComparison.Event {
            TraceComparison.Event(time: .start + .milliseconds(milliseconds), key: key)
        }
        let close = TraceComparison(
            expected: [event(1_000, "restart")], observed: [event(1_200, "restart")], tolerance: .milliseconds(250))
        #expect(close.matches)
        let late = TraceComparison(
            expected: [event(1_000, "restart")], observed: [event(700, "restart")], tolerance: .milliseconds(250))
        #expect(!late.matches)
        #expect(late.lines().last == "first departure: restart: in-process 1.000s, real 0.700s (tolerance 250ms)")
    }
}
