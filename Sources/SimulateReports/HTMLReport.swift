import Foundation
import SimulateCore

/// `--html PATH`: one self-contained page with a timeline drawing per run, failures first, each
/// with what failed and its replay command. Hovering a bar or mark shows its times and details.
package struct HTMLReport {
    package var runs: [TimelineRun]
    /// Runs that were not drawn (the report keeps at most a few hundred).
    package var skipped: Int
    package var totalPassed: Int
    package var totalFailed: Int
    /// Expectations judged over a whole sweep (`"sweep": "some"`).
    package var verdicts: [SweepVerdict] = []

    package var text: String {
        let ordered = runs.filter { !$0.result.passed } + runs.filter(\.result.passed)
        let openAll = ordered.count <= 10
        var parts = [
            "<!DOCTYPE html>", "<html lang=\"en\">", "<head>", "<meta charset=\"utf-8\">",
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">",
            "<title>simulate — \(totalPassed) passed, \(totalFailed) failed</title>",
            "<style>", HTMLStyle.css, "</style>", "</head>", "<body>",
        ]
        parts += header(ordered)
        parts.append("<main>")
        parts += sweepTable()
        if ordered.count > 1 { parts += index(ordered) }
        for (position, run) in ordered.enumerated() {
            parts += section(run, id: position + 1, open: openAll || !run.result.passed)
        }
        if skipped > 0 {
            parts.append(
                "<p class=\"note\">\(skipped) more run(s) not drawn: this page draws at most \(runs.count) runs, "
                    + "failures first.</p>")
        }
        parts += ["</main>", "</body>", "</html>"]
        return parts.joined(separator: "\n") + "\n"
    }

    private func header(_ ordered: [TimelineRun]) -> [String] {
        var categories: Set<String> = []
        for run in ordered {
            for record in run.result.trace { categories.insert(record.category) }
        }
        var legend = Timeline.sortedCategories(categories).map { category in
            "<span><i style=\"background:\(CategoryPalette.color(category))\"></i>\(MarkupEscaping.escape(category))</span>"
        }
        legend.append(
            "<span><i class=\"violation\" style=\"background:\(CategoryPalette.violation)\"></i>violation</span>")
        legend.append("<span>▬ span (begin → end) · ◆ event · faded bar: no end before the run ended</span>")
        return [
            "<header>", "<h1>simulate timeline</h1>",
            "<div class=\"counts\"><span class=\"\(totalFailed > 0 ? "fail" : "pass")\">\(totalFailed) failed</span>"
                + "<span>\(totalPassed) passed</span><span>\(totalPassed + totalFailed) runs</span></div>",
            "<div class=\"legend\">" + legend.joined() + "</div>", "</header>",
        ]
    }

    private func sweepTable() -> [String] {
        guard !verdicts.isEmpty else { return [] }
        var rows = [
            "<h2>Judged over the sweep</h2>", "<table class=\"index\">",
            "<tr><th></th><th>scenario</th><th>needed with at least one seed</th><th>met with</th></tr>",
        ]
        for verdict in verdicts {
            let badge =
                verdict.passed ? "<span class=\"badge pass\">PASS</span>" : "<span class=\"badge fail\">FAIL</span>"
            rows.append(
                "<tr><td>\(badge)</td><td>\(MarkupEscaping.escape(verdict.file))</td>"
                    + "<td>\(MarkupEscaping.escape(verdict.wanted))</td>"
                    + "<td>\(verdict.metSeeds) of \(verdict.seeds.count) seeds"
                    + (verdict.firstMetSeed.map { " (first: \($0))" } ?? "") + "</td></tr>")
        }
        rows.append("</table>")
        return rows
    }

    private func index(_ ordered: [TimelineRun]) -> [String] {
        var rows = ["<table class=\"index\">", "<tr><th></th><th>scenario</th><th>seed</th><th>expectations</th></tr>"]
        for (position, run) in ordered.enumerated() {
            let result = run.result
            let met = result.expectations.filter(\.passed).count
            rows.append(
                "<tr><td>\(badge(result))</td><td><a href=\"#run-\(position + 1)\">"
                    + "\(MarkupEscaping.escape(result.file ?? result.scenario))</a></td>"
                    + "<td>\(result.seed)</td><td>\(met)/\(result.expectations.count) met</td></tr>")
        }
        rows.append("</table>")
        return rows
    }

    private func section(_ run: TimelineRun, id: Int, open: Bool) -> [String] {
        let result = run.result
        let meta =
            "\(MarkupEscaping.escape(result.file ?? "")) · seed \(result.seed) · "
            + "\(DurationFormat.secondsText(result.simulated)) simulated · \(result.events) events · "
            + "trace \(result.traceHash)"
        var parts = [
            "<section class=\"run\(result.passed ? "" : " failed")\" id=\"run-\(id)\">",
            "<details\(open ? " open" : "")>",
            "<summary>\(badge(result))<b>\(MarkupEscaping.escape(result.scenario))</b>"
                + "<span class=\"meta\">\(meta)</span></summary>",
            "<div class=\"body\">",
        ]
        if !result.passed {
            parts.append("<ul class=\"problems\">")
            if let failure = result.failure {
                parts.append(
                    "<li>run broke at \(DurationFormat.secondsText(failure.at)): "
                        + "\(MarkupEscaping.escape(failure.message))</li>")
            }
            for expectation in result.expectations where !expectation.passed {
                parts.append("<li>" + problem(expectation) + "</li>")
            }
            parts.append("</ul>")
            parts.append("<pre class=\"replay\">\(MarkupEscaping.escape(run.replay ?? result.replayCommand))</pre>")
        }
        // The plugins' statistics explain a failure (lostResponses, ambiguousWrites…): under every run.
        let statistics = HumanReport(terminal: Terminal(colors: false)).statisticsLines(result.statistics)
        if !statistics.isEmpty {
            parts.append("<ul class=\"statistics\">")
            for line in statistics {
                let text = line.trimmingCharacters(in: .whitespaces)
                let plugin = text.prefix { $0 != ":" }
                parts.append(
                    "<li><b>\(MarkupEscaping.escape(String(plugin)))</b>"
                        + MarkupEscaping.escape(String(text.dropFirst(plugin.count))) + "</li>")
            }
            parts.append("</ul>")
        }
        parts.append(result.trace.isEmpty ? "<p class=\"note\">No trace records.</p>" : TimelineDrawing(run: run).svg)
        parts += ["</div>", "</details>", "</section>"]
        return parts
    }

    private func problem(_ expectation: ExpectationResult) -> String {
        let lines = HumanReport(terminal: Terminal(colors: false)).describe(expectation)
        let headline = MarkupEscaping.escape(lines.first.map(stripped) ?? expectation.name)
        let rest = Array(lines.dropFirst())
        var details = rest.prefix(4).map { "<li>" + MarkupEscaping.escape(stripped($0)) + "</li>" }
        if rest.count > 4 {
            details.append(
                "<li>… \(rest.count - 4) more line(s): hover the red lines, or replay for the full report</li>")
        }
        return details.isEmpty ? headline : headline + "<ul>" + details.joined() + "</ul>"
    }

    /// A human report line without its indentation and cross.
    private func stripped(_ line: String) -> String {
        String(line.drop { $0 == " " || $0 == "✗" })
    }

    private func badge(_ result: RunResult) -> String {
        result.passed
            ? "<span class=\"badge pass\">PASS</span>"
            : "<span class=\"badge fail\">\(result.failure == nil ? "FAIL" : "BROKE")</span>"
    }
}
