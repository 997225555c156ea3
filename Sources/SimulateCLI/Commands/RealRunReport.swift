import ArgumentParser
import Foundation
import SimulateCore
import SimulateJSON
import SimulateReports

/// Loads one scenario for a real-time command, or prints its errors and exits with status 2.
enum LoadedScenario {
    static func load(_ file: String) throws -> Scenario {
        do {
            return try ScenarioLoader(registry: CommandEnvironment.registry).load(file: file)
        } catch {
            for line in HumanReport(terminal: Terminal(colors: Terminal.isTerminal(STDERR_FILENO))).lines(error) {
                Output.error(line)
            }
            throw ExitCode(ExitStatus.invalid)
        }
    }
}

/// A real-time run's reports: printed in the formats `run` uses, report files written, and `run`'s
/// exit statuses.
struct RealRunReport: ParsableArguments {
    @Option(help: "Output: human or json (one JSON object, as `run` prints).")
    var format: OutputFormat = .human

    @Option(help: ArgumentHelp("Write a JUnit XML report.", valueName: "path"))
    var junit: String?

    @Option(help: ArgumentHelp("Write a Trace Event Format timeline.", valueName: "path"))
    var trace: String?

    @Option(help: ArgumentHelp("Write a self-contained HTML page with the timeline.", valueName: "path"))
    var html: String?

    /// Checks the report paths (and `--record`'s) before anything runs, as `run` does: a path that cannot be
    /// written, or two options naming one file, is an error with exit status 2 and nothing is run.
    func checkPaths(record: String? = nil) throws {
        var problems = ReportFiles(junit: junit, trace: trace, html: html).pathProblems()
        if let record {
            let file = OutputFile(record)
            let reports = [("--junit", junit), ("--trace", trace), ("--html", html)]
            if let same = reports.first(where: { $0.1.map { OutputFile($0).isSameFile(as: file) } ?? false }) {
                problems.append(
                    "error: \(same.0) and --record name the same file \(record): give each report its own path")
            } else if let problem = file.problem() {
                problems.append("error: --record: \(problem)")
            }
        }
        guard problems.isEmpty else {
            problems.forEach(Output.error)
            throw ExitCode(ExitStatus.invalid)
        }
    }

    func finish(_ result: RunResult, devices: [String], record: String? = nil) throws {
        switch format {
        case .json: Output.line(JSONWriter.string(JSONReport.json(result)))
        case .human:
            var human = HumanReport(terminal: Terminal.forStandardOutput())
            human.showsStatistics = true
            human.lines(result).forEach(Output.line)
        }
        var reports = ReportFiles(junit: junit, trace: trace, html: html)
        if let file = result.file { reports.announce(file: file) }
        reports.add(result, devices: devices)
        var status =
            result.failure != nil ? ExitStatus.broken : result.passed ? ExitStatus.passed : ExitStatus.expectationFailed
        for message in reports.write() {
            Output.error(message)
            status = max(status, ExitStatus.invalid)
        }
        if let record {
            let lines = result.trace.map { JSONWriter.string(TraceRecordLine.json($0)) }
            do {
                try OutputFile(record).write((lines.joined(separator: "\n") + "\n").utf8)
            } catch {
                Output.error("error: \(error)")
                status = max(status, ExitStatus.invalid)
            }
        }
        if status != ExitStatus.passed { throw ExitCode(status) }
    }
}
