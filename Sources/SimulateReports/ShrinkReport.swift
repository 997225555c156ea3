import Foundation
import SimulateCore
import SimulateJSON

/// What `simulate shrink` prints: the failure kept, what was removed, sizes before and after, a test stub.
package struct ShrinkReport {
    package let result: ShrinkResult
    package let path: String
    package let terminal: Terminal
    /// The plugins of your own the minimal scenario needs, as Swift expressions (`TeamPlugin()`).
    package let ownPlugins: [String]
    /// The modules that declare them.
    package let ownPluginModules: [String]

    package init(
        result: ShrinkResult, path: String, terminal: Terminal,
        ownPlugins: (expressions: [String], modules: [String]) = ([], [])
    ) {
        self.result = result
        self.path = path
        self.terminal = terminal
        self.ownPlugins = ownPlugins.expressions
        self.ownPluginModules = ownPlugins.modules
    }

    package func lines() -> [String] {
        var lines = [
            terminal.bold("shrunk") + " \(result.file ?? "<scenario>") (seed \(result.originalSeed)) → \(path)"
                + (result.seed != result.originalSeed ? " (seed \(result.seed))" : ""),
            "  still fails: " + terminal.red(result.signature.description),
            "  before: \(result.before)",
            "  after:  \(result.after)",
        ]
        if !result.drawnFaults.isEmpty {
            lines.append("  fault schedule drawn for seed \(result.originalSeed) (\(result.drawnFaults.count) faults):")
            lines += result.drawnFaults.map { "    " + ScenarioJSONStyle.compact($0) }
        }
        if let schedule = result.schedule {
            let strategy = result.minimal["strategy"]?.stringValue ?? ""
            lines.append(
                "  schedule: \(schedule.before) → \(schedule.after) deviations from the oldest-first order (\(strategy))"
            )
        }
        lines.append("  removed:")
        lines += (result.removed.isEmpty ? ["nothing could be removed"] : result.removed).map { "    " + $0 }
        let budget = result.budgetExhausted ? terminal.yellow("  (budget reached: a smaller one may exist)") : ""
        lines.append(
            "  \(result.runs) candidate runs in \(String(format: "%.1f", result.seconds))s" + budget)
        lines.append("  replay: " + terminal.bold("\(RunResult.replayProgram) run \(ShellQuoting.quote(path))"))
        lines.append("  a test that runs it (it fails until the bug is fixed):")
        let name = result.minimal["name"]?.stringValue ?? "scenario"
        lines += ShrinkSummary.testStub(path: path, name: name, plugins: ownPlugins, modules: ownPluginModules)
            .split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }
        if !ownPlugins.isEmpty {
            lines.append("    (the plugins this command line registers; give them as your own command line makes them)")
        }
        return lines
    }
}

/// One progress line on standard error while shrinking, only on a terminal, at most ten times a second.
package final class ShrinkProgressLine {
    private var lastDraw: TimeInterval = 0

    package static func make() -> ShrinkProgressLine? {
        Terminal.isTerminal(STDERR_FILENO) ? ShrinkProgressLine() : nil
    }

    package func show(_ progress: ShrinkProgress) {
        let now = ProcessInfo.processInfo.systemUptime
        guard now - lastDraw >= 0.1 else { return }
        lastDraw = now
        let size = progress.size
        let line =
            "\r\u{1B}[2Kshrinking: \(progress.phase)  run \(progress.runs)/\(progress.maxRuns)  "
            + "\(Int(progress.elapsedSeconds))s  now \(size.devices) devices, \(size.steps) steps, \(size.faults) faults"
        StandardStream.error.writeOrExit(line.utf8)
    }

    package func finish() {
        StandardStream.error.writeOrExit("\r\u{1B}[2K".utf8)
    }
}
