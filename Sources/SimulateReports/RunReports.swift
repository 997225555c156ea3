import SimulateCore

/// The report files of `simulate run`, for other front ends (the test helpers save them for a failing run).
public enum RunReports {
    /// A self-contained HTML page with a timeline drawing per run, as `--html` writes it.
    /// `devices` gives each run's scenario device ids, in scenario order.
    public static func html(_ runs: [(result: RunResult, devices: [String])]) -> String {
        html(runs.map { ($0.result, $0.devices, nil) })
    }

    /// The page, each failed run with the replay lines given (nil: the result's own `replayCommand`).
    public static func html(_ runs: [(result: RunResult, devices: [String], replay: String?)]) -> String {
        let timelines = runs.map { TimelineRun(result: $0.result, devices: $0.devices, replay: $0.replay) }
        let passed = runs.filter(\.result.passed).count
        return HTMLReport(runs: timelines, skipped: 0, totalPassed: passed, totalFailed: runs.count - passed).text
    }

    /// A Trace Event Format timeline for Perfetto or `chrome://tracing`, as `--trace` writes it.
    public static func trace(_ runs: [(result: RunResult, devices: [String])]) -> String {
        TimelineReport.text(runs.map { TimelineRun(result: $0.result, devices: $0.devices) })
    }
}
