import SimulateCore
import SimulateJSON

/// The human summary: one line per run; for a failure, what failed, the events that show it, and the replay command.
package struct HumanReport {
    package let terminal: Terminal
    /// Each plugin's run statistics under every run's line; failures always show them.
    package var showsStatistics = false

    package init(terminal: Terminal, showsStatistics: Bool = false) {
        self.terminal = terminal
        self.showsStatistics = showsStatistics
    }

    /// `inSweep`: the run is one seed of a sweep, whose `"sweep": "some"` expectations are judged once over it.
    package func lines(_ result: RunResult, inSweep: Bool = false) -> [String] {
        lines(result, faultSchedule: result.drawnFaults.map(\.json), inSweep: inSweep)
    }

    /// `faultSchedule`: the drawn faults as JSON, for a result rebuilt from a run report (`simulate merge`).
    package func lines(_ result: RunResult, faultSchedule: [JSON], inSweep: Bool = false) -> [String] {
        if let reason = result.skipped {
            return [
                terminal.yellow("SKIP") + " \(result.file ?? result.scenario)"
                    + terminal.dim("  seed \(result.seed)  \(reason)")
            ]
        }
        let status = result.passed ? terminal.green("PASS") : terminal.red(result.failure == nil ? "FAIL" : "BROKE")
        let passedCount = result.expectations.filter(\.passed).count
        var header = "\(status) \(result.file ?? result.scenario)"
        // In a sweep, an expectation met with only some seeds is judged once, over the whole sweep (a passing
        // single run is a sweep of one).
        let overTheSweep = inSweep || result.passed
        let judgedLater = overTheSweep ? result.expectations.filter { !$0.passed && $0.sweep == .some }.count : 0
        let later = judgedLater > 0 ? " (+\(judgedLater) judged over the sweep)" : ""
        header += terminal.dim(
            "  seed \(result.seed)  \(passedCount)/\(result.expectations.count) expectations"
                + (result.failure == nil ? "" : " judged before it broke") + "\(later)  "
                + "\(result.events) events  \(DurationFormat.secondsText(result.simulated)) simulated  "
                + "trace \(result.traceHash)")
        var lines = [header]
        if showsStatistics || !result.passed {
            lines += statisticsLines(result.statistics)
        }
        lines += faultPointLines(result)
        if let failure = result.failure {
            lines.append("  " + terminal.red("run broke: ") + failure.message)
        }
        for expectation in result.expectations
        where !expectation.passed && !(overTheSweep && expectation.sweep == .some) {
            lines += describe(expectation)
        }
        if !result.passed {
            lines += faultScheduleLines(result, faults: faultSchedule)
            lines.append("  replay: " + terminal.bold(result.replayCommand))
        }
        return lines
    }

    /// The app's fault points that fired (`SimulationFault.maybe`), the first ten of them.
    package func faultPointLines(_ result: RunResult) -> [String] {
        let fired = result.firedFaultPoints
        guard !fired.isEmpty else { return [] }
        let more = fired.count > 10 ? " (first 10 shown)" : ""
        return ["  fault points fired: \(fired.count)\(more)"] + fired.prefix(10).map { "    " + $0.line }
    }

    /// Swarm mode: the faults this seed drew, as they would be written by hand.
    package func faultScheduleLines(_ result: RunResult) -> [String] {
        faultScheduleLines(result, faults: result.drawnFaults.map(\.json))
    }

    private func faultScheduleLines(_ result: RunResult, faults: [JSON]) -> [String] {
        guard !faults.isEmpty else { return [] }
        return ["  fault schedule drawn for seed \(result.seed) (\(faults.count) faults):"]
            + faults.map { "    " + ScenarioJSONStyle.compact($0) }
            + ["  shrink: " + terminal.bold(result.shrinkCommand)]
    }

    package func describe(_ expectation: ExpectationResult) -> [String] {
        var lines: [String] = []
        switch expectation.kind {
        case .check:
            let device = expectation.device.map { " on \($0)" } ?? ""
            lines.append(
                "  " + terminal.red("✗ ")
                    + "\(expectation.name) at \(expectation.at?.text ?? "end")\(device): expected "
                    + JSONWriter.string(expectation.expected ?? .null) + ", observed "
                    + JSONWriter.string(expectation.observed ?? .null))
        case .invariant where expectation.expectedViolated:
            lines.append(
                "  " + terminal.red("✗ ")
                    + "\(expectation.name): expected to be violated (a documented hazard), but it held")
        case .invariant:
            lines.append(
                "  " + terminal.red("✗ ") + "\(expectation.name): \(expectation.violationCount) violation(s)")
            let listed = expectation.listedViolations
            for violation in listed.prefix(10) {
                let device = violation.device.map { " \($0)" } ?? ""
                // A message of several lines (a schema's groups) keeps its lines under the first.
                let message = violation.message.replacingOccurrences(of: "\n", with: "\n      ")
                lines.append("    \(DurationFormat.secondsText(violation.at))\(device): \(message)")
                for event in violation.events.prefix(12) {
                    lines.append("      " + terminal.dim(event))
                }
                if violation.events.count > 12 {
                    lines.append(
                        "      " + terminal.dim("… \(violation.events.count - 12) more event(s): --json lists them all")
                    )
                }
            }
            if expectation.violationCount > min(listed.count, 10) {
                lines.append("    … and \(expectation.violationCount - min(listed.count, 10)) more")
            }
        }
        return lines
    }

    /// `  counter: allocations 60 · attempts p50 1, p99 6, max 6 · conflicts 21`: one line per plugin, zeros left out.
    package func statisticsLines(_ statistics: JSONObject) -> [String] {
        statistics.members.compactMap { plugin, value in
            let parts = Self.statisticsParts(value)
            guard !parts.isEmpty else { return nil }
            return "  " + terminal.dim("\(plugin): " + parts.joined(separator: " · "))
        }
    }

    private static func statisticsParts(_ value: JSON) -> [String] {
        guard case .object(let object) = value else { return [] }
        return object.members.compactMap { key, member in
            switch member {
            case .object(let inner):
                let values = inner.members.filter { !isZero($0.1) }.map { "\($0.0) \(JSONWriter.string($0.1))" }
                return values.isEmpty ? nil : "\(key) " + values.joined(separator: ", ")
            default:
                return isZero(member) ? nil : "\(key) \(JSONWriter.string(member))"
            }
        }
    }

    private static func isZero(_ value: JSON) -> Bool {
        switch value {
        case .integer(0), .unsignedInteger(0), .double(0), .bool(false), .null: true
        case .object(let object): object.isEmpty
        case .array(let array): array.isEmpty
        default: false
        }
    }

    package func lines(_ error: ScenarioError) -> [String] {
        error.diagnostics.map { terminal.red("error: ") + $0.description }
    }

    /// Warnings never change the exit status; they say what a value probably meant.
    package func warningLines(_ warnings: [ScenarioDiagnostic]) -> [String] {
        warnings.map { terminal.yellow("warning: ") + $0.description }
    }
}
