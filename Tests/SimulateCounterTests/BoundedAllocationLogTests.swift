import SimulateCore
import SimulateJSON
import Testing

@testable import SimulateCounter

/// The counter keeps what is pending, not every allocation (README.md, "Memory").
@Suite struct BoundedAllocationLogTests {
    /// The same members as a `Set`, whatever the order of insertion, in few ranges when they are consecutive.
    @Test(arguments: [1, 2, 3, 4, 5])
    func theRangeSetHoldsWhatASetHolds(seed: UInt64) {
        var random = SeededRandom(runSeed: seed, label: "ranges")
        var set = IntRangeSet()
        var reference = Set<Int>()
        for _ in 0..<2_000 {
            let value = Int(random.int64(in: -50...300))
            #expect(set.insert(value) == reference.insert(value).inserted)
        }
        let members = set.ranges.flatMap { Array($0) }
        #expect(members == reference.sorted())
        for (lower, upper) in zip(set.ranges, set.ranges.dropFirst()) {
            #expect(upper.lowerBound > lower.upperBound + 1, "ranges \(lower) and \(upper) touch")
        }
        let outside = reference.filter { $0 < 10 || $0 > 200 }
        #expect(set.outside(first: 10, last: 200).count == outside.count)
        #expect(set.outside(first: 10, last: 200).highest == outside.max())
        #expect(set.outside(first: 11, last: 10).count == reference.count)
    }

    /// Hands the `counter` run out once the run has ended.
    final class Inspector: @unchecked Sendable {
        var run: CounterRun?
    }

    struct InspectPlugin: SimulationPlugin {
        let inspector: Inspector
        var name: String { "inspect" }
        var summary: String { "Keeps the counter run for the test." }

        func makeRun(configuration: NoArguments, context: SimulationContext) -> InspectRun {
            InspectRun(context: context, inspector: inspector)
        }
    }

    final class InspectRun: PluginRun {
        let context: SimulationContext
        let inspector: Inspector

        init(context: SimulationContext, inspector: Inspector) {
            self.context = context
            self.inspector = inspector
        }

        func finish() { inspector.run = context.pluginRun(named: "counter") as? CounterRun }
    }

    /// Two devices allocating `count` times each, under every counter invariant.
    static func kept(count: Int) throws -> (pending: Int, ranges: Int, allocated: Int, passed: Bool) {
        let inspector = Inspector()
        let registry = PluginRegistry([CounterPlugin(), InspectPlugin(inspector: inspector)])
        let repeating = #""repeat": {"every": "1s", "count": \#(count)}"#
        let scenario = try ScenarioLoader(registry: registry).load(
            text: """
                {"format": 1, "name": "bounded", "duration": "\(count + 30)s", "devices": [{"id": "a"}, {"id": "b"}],
                 "plugins": {"counter": {}, "inspect": {}},
                 "steps": [{"at": "0s", "device": "a", "do": "counter.next", \(repeating)},
                           {"at": "1ms", "device": "b", "do": "counter.next", \(repeating)}]}
                """)
        let result = SimulationRunner(registry: registry).run(scenario, keepsTrace: false)
        defer { inspector.run = nil }
        let run = try #require(inspector.run)
        return (run.log.allocations.count, run.log.values.ranges.count, run.log.allocated, result.passed)
    }

    @Test func aTenTimesLongerRunKeepsNoMoreAllocations() throws {
        let short = try Self.kept(count: 200)
        let long = try Self.kept(count: 2_000)
        #expect(short.passed && long.passed)
        #expect(long.allocated == 4_000)
        #expect(long.pending == 0 && short.pending == 0)
        #expect(long.ranges == 1, "the ids handed out are 1…4000: one range")
    }
}
