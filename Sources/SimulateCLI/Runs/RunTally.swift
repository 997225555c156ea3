import SimulateCore
import SimulateReports

/// What a `run` command counted: runs passed, failed and broken, files invalid, sweep verdicts not met.
struct RunTally {
    var passed = 0
    var failed = 0
    var broken = 0
    /// Files that could not be loaded or paths that do not exist: nothing of them ran.
    var invalid = 0
    var sweepFailures = 0

    init(invalid: Int = 0) {
        self.invalid = invalid
    }

    mutating func add(_ result: RunResult) {
        if result.failure != nil {
            broken += 1
        } else if result.passed {
            passed += 1
        } else {
            failed += 1
        }
    }

    var status: Int32 {
        var status = ExitStatus.passed
        if invalid > 0 { status = max(status, ExitStatus.invalid) }
        if broken > 0 { status = max(status, ExitStatus.broken) }
        if (failed > 0 || sweepFailures > 0) && status == ExitStatus.passed { status = ExitStatus.expectationFailed }
        return status
    }

    /// The sweep verdict count (when there were any) and `N passed, M failed[, K invalid]`, always last.
    func closingLines(verdicts: [SweepVerdict], terminal: Terminal) -> [String] {
        var lines: [String] = []
        if !verdicts.isEmpty {
            let met = verdicts.filter(\.passed).count
            let text = "sweep: \(met) of \(verdicts.count) expectation(s) judged over the sweep met"
            lines.append(sweepFailures > 0 ? terminal.red(text) : text)
        }
        var closing = "\(passed) passed, \(failed + broken) failed"
        if invalid > 0 { closing += ", \(invalid) invalid" }
        lines.append(closing)
        return lines
    }
}
