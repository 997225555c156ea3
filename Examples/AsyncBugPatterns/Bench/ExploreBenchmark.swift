import AsyncBugPatterns
import AsyncBugPatternsPlugin
import Foundation
import SimulateCore

/// `bug-patterns-bench`: for each async bug pattern (`Examples/AsyncBugPatterns`) and each
/// scheduling strategy, the median number of schedules to the first failure over 30 seed starts
/// (capped), the ratio random / best; then every correct twin runs 10,000 schedules under each strategy,
/// which must all pass. Seeded random is the baseline, measured in the same run.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
enum ExploreBenchmark {
    struct Settings {
        var starts = 30
        var cap = 1_000
        var twinSchedules = 10_000

        static let quick = Settings(starts: 5, cap: 200, twinSchedules: 300)
    }

    static func run(quick: Bool) throws -> [BenchmarkFigure] {
        let settings = quick ? Settings.quick : Settings()
        let directory = try patternsDirectory()
        let strategies = ExploreStrategies.all
        let columns = strategies.map(\.name)
        let runner = SimulationRunner(registry: BugPatternRuns.registry)
        print(
            "explore: median schedules to the first failure over \(settings.starts) seed starts "
                + "(cap \(settings.cap); \"> cap\" when half or more found nothing)")
        let width = 24
        print(
            "  " + "bug (depth)".padding(toLength: width, withPad: " ", startingAt: 0)
                + columns.map { $0.leftPadded(10) }.joined() + "     n   random/best")
        var figures: [BenchmarkFigure] = []
        var tenfold = 0
        var withinThousand = 0
        for pattern in BugPattern.allCases {
            let buggy = try BugPatternRuns.scenario(pattern, .buggy, directory: directory)
            let choices = runner.run(buggy, seed: 0, keepsTrace: false, recordsSchedule: true).schedule?.choices ?? 0
            var medians: [Double] = []
            for strategy in strategies {
                var counts: [Double] = []
                for start in 0..<settings.starts {
                    let found = BugPatternRuns.exploredSchedulesToFailure(
                        buggy, strategy: strategy.strategy, start: UInt64(start) << 32, cap: settings.cap)
                    counts.append(found.map(Double.init) ?? .infinity)
                }
                let median = counts.sorted()[counts.count / 2]
                medians.append(median)
                figures.append(
                    BenchmarkFigure(
                        benchmark: "explore", name: "\(pattern.rawValue) \(strategy.name)",
                        value: median.isFinite ? median : Double(settings.cap + 1), unit: "schedules", better: .lower,
                        reference: strategy.name == "random"))
            }
            let random = medians[0]
            let best = medians.dropFirst().min() ?? .infinity
            let ratio = random / best
            if best <= 1_000 { withinThousand += 1 }
            if ratio >= 10 { tenfold += 1 }
            let label = "\(pattern.rawValue) (\(pattern.depth))".padding(toLength: width, withPad: " ", startingAt: 0)
            print(
                "  " + label + medians.map { text($0, cap: settings.cap).leftPadded(10) }.joined()
                    + String(choices).leftPadded(6) + "   "
                    + ratioText(random: random, best: best, cap: settings.cap))
        }
        print(
            "  n: scheduling choices in the scenario's run with seed 0; pct:D and delay:K draw their points as "
                + "simulate explore does (over the most choices an earlier run made)")
        print(
            "  PCT or delay-bounding within 1,000 schedules (median): \(withinThousand) of \(BugPattern.allCases.count) "
                + "(target: all); ≥ 10× fewer than random: \(tenfold) (target: at least half)")

        print("explore: correct twins, \(settings.twinSchedules) schedules each per strategy, failures")
        print(
            "  " + "twin".padding(toLength: width, withPad: " ", startingAt: 0)
                + columns.map { $0.leftPadded(10) }.joined())
        for pattern in BugPattern.allCases {
            var twin = try BugPatternRuns.scenario(pattern, .fixed, directory: directory)
            var row: [Int] = []
            for strategy in strategies {
                twin.strategy = strategy.strategy
                let failures = (0..<settings.twinSchedules).count { seed in
                    !runner.run(twin, seed: UInt64(seed), keepsTrace: false).passed
                }
                row.append(failures)
                figures.append(
                    BenchmarkFigure(
                        benchmark: "explore", name: "\(pattern.rawValue) twin failures, \(strategy.name)",
                        value: Double(failures), unit: "runs", better: .lower))
            }
            print(
                "  " + pattern.rawValue.padding(toLength: width, withPad: " ", startingAt: 0)
                    + row.map { String($0).leftPadded(10) }.joined())
        }
        return figures
    }

    /// random / best; when random found nothing within the cap, the bound the cap gives (`> 32×`).
    private static func ratioText(random: Double, best: Double, cap: Int) -> String {
        guard best.isFinite else { return "n/a" }
        return random.isFinite
            ? BenchmarkClock.ratio(random / best) + "×" : "> " + BenchmarkClock.ratio(Double(cap) / best) + "×"
    }

    private static func text(_ median: Double, cap: Int) -> String {
        median.isFinite ? String(Int(median)) : "> \(cap)"
    }

    /// `Examples/AsyncBugPatterns`, from the working directory or from this file's place in the package.
    private static func patternsDirectory() throws -> String {
        let candidates = [
            FileManager.default.currentDirectoryPath + "/Examples/AsyncBugPatterns",
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Examples/AsyncBugPatterns").path,
        ]
        guard let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0 + "/token-cache.json") })
        else {
            throw BenchmarkError(message: "explore: Examples/AsyncBugPatterns not found; run from the package's root")
        }
        return found
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? " " + self : String(repeating: " ", count: width - count) + self
    }
}
