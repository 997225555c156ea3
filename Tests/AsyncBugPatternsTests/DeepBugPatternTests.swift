import AsyncBugPatterns
import AsyncBugPatternsPlugin
import Foundation
import SimulateCore
import Testing

/// The deep patterns: one task must be held back across a whole run of another's awaits, so seeded
/// random rarely meets the window and PCT of depth 2 meets it within about 2·n schedules (n choices).
/// (The shallow eight are in `BugPatternTests`, with a fixed N of 20 that these runs exceed.)
@Suite struct DeepBugPatternTests {
    static let deep: [BugPattern] = [
        .batchUpload, .pagedFetch, .halfMigration, .cancelAll, .reconnectRefresh, .chunkedDownload, .draftAutosave,
        .contactsImport,
    ]
    @Test(arguments: deep)

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func pctOfDepthTwoFindsTheBugWhereRandomDoesNot(_ pattern: BugPattern) throws {
        let scenario = try BugPatternRuns.scenario(pattern, .buggy, directory: patternsDirectory)
        let pct = BugPatternRuns.exploredSchedulesToFailure(
            scenario, strategy: .pct(depth: 2, steps: nil), start: 0, cap: 200)
        #expect(pct != nil, "\(pattern): pct:2 found nothing in 200 schedules")
        let random = BugPatternRuns.exploredSchedulesToFailure(scenario, strategy: .random, start: 0, cap: 20)
        #expect(random == nil, "\(pattern): random found it in \(random ?? 0) schedules, so the bug is not deep")
    }
    @Test(arguments: deep)

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func eachDeepTwinPassesUnderEveryStrategy(_ pattern: BugPattern) throws {
        var scenario = try BugPatternRuns.scenario(pattern, .fixed, directory: patternsDirectory)
        let runner = SimulationRunner(registry: BugPatternRuns.registry)
        for strategy in [ScheduleStrategy.random, .pct(depth: 2, steps: 20), .delay(delays: 3, steps: 20)] {
            scenario.strategy = strategy
            for seed in UInt64(0)..<300 {
                let result = runner.run(scenario, seed: seed, keepsTrace: false)
                #expect(result.passed, "\(pattern) twin, \(strategy), seed \(seed): \(result.failure?.message ?? "")")
                if !result.passed { break }
            }
        }
    }
}
