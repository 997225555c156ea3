import Foundation
import SimulateCore

/// The report files a run writes besides standard output: `--junit`, `--trace` and `--html`.
package struct ReportFiles {
    package var junitPath: String?
    package var tracePath: String?
    package var htmlPath: String?
    private var junit = JUnitReport()
    private var timelines = TimelineCollector()
    private var passed = 0
    private var failed = 0
    private var verdicts: [SweepVerdict] = []

    package init(junit: String?, trace: String?, html: String?) {
        junitPath = junit
        tracePath = trace
        htmlPath = html
    }

    /// Whether runs must keep their trace records.
    package var needsTrace: Bool { tracePath != nil || htmlPath != nil }
    /// Whether a report file shows each run's trace hash (the HTML page does).
    package var needsTraceHash: Bool { htmlPath != nil }

    package mutating func announce(file: String) {
        junit.announce(file: file)
    }

    package mutating func addInvalid(file: String, error: ScenarioError) {
        junit.addInvalid(file: file, error: error)
    }

    package mutating func addInvalid(file: String, errors: [String]) {
        junit.addInvalid(file: file, errors: errors)
    }

    package mutating func add(_ result: RunResult, devices: [String]) {
        if result.passed { passed += 1 } else { failed += 1 }
        if junitPath != nil {
            var light = result
            light.trace = []
            junit.add(light)
        }
        if needsTrace { timelines.add(TimelineRun(result: result, devices: devices)) }
    }

    /// Expectations judged over a sweep: a JUnit test case each, and a table at the top of the HTML page.
    package mutating func add(_ closing: [SweepVerdict]) {
        guard !closing.isEmpty else { return }
        verdicts += closing
        for verdict in closing { junit.add(verdict) }
    }

    /// The paths asked for, with their options' names.
    private var outputs: [(option: String, path: String)] {
        [("--junit", junitPath), ("--trace", tracePath), ("--html", htmlPath)].compactMap { option, path in
            path.map { (option, $0) }
        }
    }

    /// Why the reports asked for could not be written, found before any run: two options naming one file, or a
    /// path that is a directory or in a folder that cannot take files.
    package func pathProblems() -> [String] {
        var problems: [String] = []
        let outputs = self.outputs
        for (index, output) in outputs.enumerated() {
            let file = OutputFile(output.path)
            if let earlier = outputs[..<index].first(where: { OutputFile($0.path).isSameFile(as: file) }) {
                problems.append(
                    "error: \(earlier.option) and \(output.option) name the same file \(output.path): "
                        + "give each report its own path")
            } else if let problem = file.problem() {
                problems.append("error: \(output.option): \(problem)")
            }
        }
        return problems
    }

    /// Writes every report asked for; returns the error messages of those that could not be written.
    package func write() -> [String] {
        var errors: [String] = []
        func save(_ text: @autoclosure () -> String, to path: String?) {
            guard let path else { return }
            do {
                try OutputFile(path).write(text().utf8)
            } catch {
                errors.append("error: \(error)")
            }
        }
        save(junit.text, to: junitPath)
        save(TimelineReport.text(timelines.runs), to: tracePath)
        save(
            HTMLReport(
                runs: timelines.runs, skipped: timelines.skipped, totalPassed: passed, totalFailed: failed,
                verdicts: verdicts
            ).text,
            to: htmlPath)
        return errors
    }
}
