import SimulateCore

/// A finished run kept for the timeline reports, with its trace and its scenario's device order.
package struct TimelineRun: Sendable {
    package var result: RunResult
    package var devices: [String]
    /// What to run to replay it, when not the result's own `replayCommand` (a test's run of its own plugins).
    package var replay: String?

    package var timeline: Timeline {
        Timeline(records: result.trace, devices: devices, end: .start + result.simulated)
    }

    /// Every violation of a failed expectation, with the expectation's name.
    package var violations: [(expectation: String, violation: Violation)] {
        result.expectations.filter { !$0.passed }.flatMap { expectation in
            expectation.violations.map { (expectation.name, $0) }
        }
    }

    /// `Scenarios/offline.json · seed 3`.
    package var title: String { "\(result.file ?? result.scenario) · seed \(result.seed)" }
}

/// Keeps the runs the timeline reports draw: at most `limit`, failures first, then passing runs
/// in run order, so a long sweep's report stays small and shows what went wrong.
package struct TimelineCollector {
    package let limit: Int
    package private(set) var runs: [TimelineRun] = []
    package private(set) var skipped = 0

    package init(limit: Int = 200) {
        self.limit = limit
    }

    package mutating func add(_ run: TimelineRun) {
        if runs.count < limit {
            runs.append(run)
        } else if !run.result.passed, let last = runs.lastIndex(where: \.result.passed) {
            runs.remove(at: last)
            runs.append(run)
            skipped += 1
        } else {
            skipped += 1
        }
    }
}
