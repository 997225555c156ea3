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

    package mutating func announce(file: String) {
        junit.announce(file: file)
    }

    package mutating func addInvalid(file: String, error: ScenarioError) {
        junit.addInvalid(file: file, error: error)
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

    /// Writes every report asked for; returns the error messages of those that could not be written.
    package func write() -> [String] {
        var errors: [String] = []
        func save(_ text: @autoclosure () -> String, to path: String?) {
            guard let path else { return }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                errors.append("error: cannot write \(path): it is a directory (give a file path)")
                return
            }
            do {
                let url = URL(fileURLWithPath: path)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text().utf8).write(to: url, options: .atomic)
            } catch {
                errors.append("error: cannot write \(path): \(error.localizedDescription)")
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
