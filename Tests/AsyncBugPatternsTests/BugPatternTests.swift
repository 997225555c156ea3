import AsyncBugPatterns
import AsyncBugPatternsPlugin
import Foundation
import SimulateCore
import Testing

/// The scenario files under `Examples/AsyncBugPatterns`, found from this file.
let patternsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Examples/AsyncBugPatterns").path

@Suite struct BugPatternTests {
    /// The strategies the tests try: seeded random, PCT and delay-bounding.
    static let strategies: [ScheduleStrategy] = [.random, .pct(depth: 3, steps: 20), .delay(delays: 2, steps: 20)]
    @Test(arguments: BugPattern.allCases.filter { !DeepBugPatternTests.deep.contains($0) && $0 != .lostWakeup })

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func eachBuggyVariantIsFoundWithinAHundredSchedules(_ pattern: BugPattern) throws {
        try Self.expectFound(pattern)
    }

    /// Apart, because its failing runs leak on purpose: the consumer waits on its own continuation, which
    /// nobody resumes once the wakeup is lost, and no one can free a task suspended that way (the run breaks
    /// and says so). scripts/sanitizers/lsan.supp matches this test's name only.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func theLostWakeupIsFoundAndItsStuckConsumerBreaksTheRun() throws {
        try Self.expectFound(.lostWakeup)
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    static func expectFound(_ pattern: BugPattern) throws {
        var scenario = try BugPatternRuns.scenario(pattern, .buggy, directory: patternsDirectory)
        var found: [String] = []
        for strategy in Self.strategies {
            scenario.strategy = strategy
            if let count = BugPatternRuns.schedulesToFailure(scenario, start: 0, cap: 100) {
                found.append("\(strategy) in \(count)")
            }
        }
        #expect(!found.isEmpty, "\(pattern): no strategy found a failing schedule among 100")
    }
    @Test(arguments: BugPattern.allCases)

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func eachTwinPassesUnderEveryStrategy(_ pattern: BugPattern) throws {
        var scenario = try BugPatternRuns.scenario(pattern, .fixed, directory: patternsDirectory)
        let runner = SimulationRunner(registry: BugPatternRuns.registry)
        for strategy in Self.strategies {
            scenario.strategy = strategy
            for seed in UInt64(0)..<200 {
                let result = runner.run(scenario, seed: seed, keepsTrace: false)
                let violations = result.expectations.flatMap(\.violations).map(\.message)
                #expect(
                    result.passed,
                    "\(pattern) twin, \(strategy), seed \(seed): \(result.failure?.message ?? "") \(violations)")
                if !result.passed { break }
            }
        }
    }

    /// The same seed and strategy give the same verdict and trace hash, so a found schedule replays.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func aFoundScheduleReplays() throws {
        var scenario = try BugPatternRuns.scenario(.displayIdAllocator, .buggy, directory: patternsDirectory)
        scenario.strategy = .pct(depth: 3, steps: 20)
        let runner = SimulationRunner(registry: BugPatternRuns.registry)
        let count = try #require(BugPatternRuns.schedulesToFailure(scenario, start: 0, cap: 100))
        let first = runner.run(scenario, seed: UInt64(count - 1))
        let again = runner.run(scenario, seed: UInt64(count - 1))
        #expect(!first.passed && !again.passed && first.traceHash == again.traceHash)
    }
}
