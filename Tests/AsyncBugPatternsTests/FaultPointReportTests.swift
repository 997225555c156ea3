import AsyncBugPatterns
import AsyncBugPatternsPlugin
import Foundation
import SimulateCore
import SimulateJSON
import SimulateReports
import Testing

@Suite struct FaultPointReportTests {
    /// The sync engine's loop calls "sync pass skipped" at 1 s, 31 s, 61 s and 91 s: forced, it fires
    /// at each, and both reports name it with the time, device and task.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func reportsNameTheFiredPoints() throws {
        var scenario = try BugPatternRuns.scenario(.syncDoubleStart, .fixed, directory: patternsDirectory)
        scenario.faultPoints.forced = ["sync pass skipped"]
        let result = SimulationRunner(registry: BugPatternRuns.registry).run(scenario, seed: 0)
        #expect(result.passed)
        #expect(result.firedFaultPoints.map(\.at.sinceStart) == [1, 31, 61, 91].map { VirtualDuration.seconds($0) })
        let json = JSONReport.json(result)
        let first = json["faultPoints"]?[0]
        #expect(first?["name"] == .string("sync pass skipped"))
        #expect(first?["at"]?.doubleValue == 1 && first?["device"] == .string("phone"))
        #expect(first?["task"] == .string("sync loop") && first?["call"]?.intValue == 1)
        let human = HumanReport(terminal: Terminal(colors: false)).lines(result)
        #expect(human.contains("  fault points fired: 4"))
        #expect(human.contains(#"    "sync pass skipped" at 31s (device "phone", task "sync loop", call 2)"#))
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func noFieldWhenNothingFired() throws {
        var scenario = try BugPatternRuns.scenario(.syncDoubleStart, .fixed, directory: patternsDirectory)
        scenario.faultPoints.enabled = false
        let result = SimulationRunner(registry: BugPatternRuns.registry).run(scenario, seed: 0)
        #expect(result.firedFaultPoints.isEmpty)
        #expect(JSONReport.json(result)["faultPoints"] == nil)
    }
}
