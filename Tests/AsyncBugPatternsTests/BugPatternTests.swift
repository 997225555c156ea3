import AsyncBugPatterns
import AsyncBugPatternsPlugin
import Foundation
import SimulateCore
import Testing

/// The scenario files under `Examples/AsyncBugPatterns`, found from this file.
let patternsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Examples/AsyncBugPatterns").path

@Suite struct BugPatternTests {
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test(arguments: BugPattern.allCases)
    func eachBuggyVariantIsFound(_ pattern: BugPattern) throws {
        let scenario = try BugPatternRuns.scenario(pattern, .buggy, directory: patternsDirectory)
        let found = BugPatternRuns.schedulesToFailure(scenario, start: 0, cap: 1_000)
        #expect(found != nil, "\(pattern): no failing schedule among 1,000")
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test(arguments: BugPattern.allCases)
    func eachTwinPassesThreeHundredSchedules(_ pattern: BugPattern) throws {
        let scenario = try BugPatternRuns.scenario(pattern, .fixed, directory: patternsDirectory)
        let runner = SimulationRunner(registry: BugPatternRuns.registry)
        for seed in UInt64(0)..<300 {
            let result = runner.run(scenario, seed: seed, keepsTrace: false)
            #expect(
                result.passed,
                "\(pattern) twin, seed \(seed): \(result.failure?.message ?? "") \(result.expectations.flatMap(\.violations).map(\.message))"
            )
            if !result.passed { break }
        }
    }
}
