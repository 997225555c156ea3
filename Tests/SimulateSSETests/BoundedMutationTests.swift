import SimulateCore
import Testing

@testable import SimulateSSE

/// `sse` keeps the mutations and reconnects a verdict may still change with, not every one (README.md, "Memory").
@Suite struct BoundedMutationTests {
    /// The incremental `reconnectRate` gives the verdicts of the one over the whole list of reconnect times.
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8])
    func reconnectRateJudgedAsItGoesAgreesWithTheWholeList(seed: UInt64) {
        var random = SeededRandom(runSeed: seed, label: "reconnects")
        var times: [VirtualInstant] = []
        var now = VirtualInstant.start
        for _ in 0..<3_000 {
            now = now + .milliseconds(random.int64(in: 0...(seed % 2 == 0 ? 400 : 2_000)))
            times.append(now)
        }
        let limit = Int(random.int64(in: 2...12))
        let window = VirtualDuration.seconds(random.int64(in: 1...10))
        let watch = ReconnectRateWatch(max: limit, window: window)
        for time in times { watch.reconnected(at: time) }
        let whole = ServerInvariants.reconnectRate(times, max: limit, window: window)
        #expect(watch.violations.map(\.message) == whole.map(\.message))
        #expect(watch.violations.map(\.at) == whole.map(\.at))
    }

    /// Toggles of a real item on two devices, one of them offline 3 s of every 20 s, for `seconds`.
    static func kept(seconds: Int) throws -> (mutations: Int, open: Int, passed: Bool, violations: Int) {
        let inspector = LongRunMemoryTests.Inspector()
        let registry = PluginRegistry([SSEPlugin(), LongRunMemoryTests.InspectPlugin(inspector: inspector)])
        let repeating = #""repeat": {"every": "1s", "count": \#(seconds)}"#
        let scenario = try ScenarioLoader(registry: registry).load(
            text: """
                {"format": 1, "name": "toggles", "duration": "\(seconds + 10)s", "devices": [{"id": "a"}, {"id": "b"}],
                 "plugins": {"sse": {"items": ["milk"]}, "inspect": {}},
                 "steps": [{"at": "1s", "device": "a", "do": "sse.toggle", "args": {"item": "milk"}, \(repeating)},
                           {"at": "1500ms", "device": "b", "do": "sse.toggle", "args": {"item": "milk"}, \(repeating)}],
                 "faults": [{"at": "10s", "for": "3s", "device": "b", "kind": "offline", "repeat": {"every": "20s", "count": \(seconds / 20)}}],
                 "expect": [{"invariant": "sse.mutationsDelivered", "violated": true}, {"invariant": "sse.noRevert"}]}
                """)
        let result = SimulationRunner(registry: registry).run(scenario, keepsTrace: false)
        defer { inspector.run = nil }
        let run = try #require(inspector.run)
        let undelivered = result.expectations.first { $0.name == "sse.mutationsDelivered" }?.violations.count ?? 0
        return (run.world.mutations.count, run.world.mutations.openCount, result.passed, undelivered)
    }

    @Test func aTenTimesLongerRunKeepsNoMoreMutations() throws {
        let short = try Self.kept(seconds: 200)
        let long = try Self.kept(seconds: 2_000)
        #expect(short.passed && long.passed)
        #expect(long.mutations == 4_000)
        // What is kept waits for a sweep at twice the last count kept (64 at least): not the run's 4,000.
        #expect(short.open < 130 && long.open < 130, "\(short.open) then \(long.open) mutations kept")
        // The posts b fired offline never reached the server: the first 50 listed and one line counting the rest.
        #expect(long.violations == 51)
    }
}
