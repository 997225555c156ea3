import SimulateCore
import SimulateReports

/// What a `run` command is about to do, and what it has counted so far: made by ``RunCommand/makePlan()``,
/// filled in by ``RunCommand/execute(_:)``, reported by ``RunCommand/finish(_:)``.
struct RunPlan {
    var items: [RunItem] = []
    var reports: ReportFiles
    var verdicts = SweepVerdicts()
    var tally: RunTally
    var summary = SweepSummary()
    var human: HumanReport
    /// Human output lists only failures, sweep verdicts and the summary.
    var quiet = false
    /// `--json`: the report being written, and each item's place in the whole sweep (kept only for it).
    var runReport: RunReportWriter?
    var positions: [Int] = []

    var terminal: Terminal { human.terminal }
}
