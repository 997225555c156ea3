import SimulateCore

/// A finished run kept for the timeline reports, with its trace and its scenario's device order.
struct TimelineRun: Sendable {
    var result: RunResult
    var devices: [String]

    var timeline: Timeline {
        Timeline(records: result.trace, devices: devices, end: .start + result.simulated)
    }

    /// Every violation of a failed expectation, with the expectation's name.
    var violations: [(expectation: String, violation: Violation)] {
        result.expectations.filter { !$0.passed }.flatMap { expectation in
            expectation.violations.map { (expectation.name, $0) }
        }
    }

    /// `Scenarios/offline.json · seed 3`.
    var title: String { "\(result.file ?? result.scenario) · seed \(result.seed)" }
}

/// Keeps the runs the timeline reports draw: at most `limit`, failures first, then passing runs
/// in run order, so a long sweep's report stays small and shows what went wrong.
struct TimelineCollector {
    let limit: Int
    private(set) var runs: [TimelineRun] = []
    private(set) var skipped = 0

    init(limit: Int = 200) {
        self.limit = limit
    }

    mutating func add(_ run: TimelineRun) {
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
