import ArgumentParser
import SimulateCore
import SimulateJSON
import SimulateReports

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate", abstract: "Check scenario files without running them.")

    @Argument(help: "Scenario files or directories.")
    var paths: [String]

    @Option(help: "Output: human, or json (one object per file, per line).")
    var format: OutputFormat = .human

    func run() throws {
        // A path that cannot be read is reported, and the others are still checked.
        let (files, missing) = ScenarioFiles.expandReporting(paths)
        let loader = ScenarioLoader(registry: CommandEnvironment.registry)
        let human = HumanReport(terminal: Terminal.forStandardOutput())
        var invalid = !missing.isEmpty
        for file in files {
            var diagnostics: [ScenarioDiagnostic] = []
            var warnings: [ScenarioDiagnostic] = []
            do {
                warnings = try loader.load(file: file).warnings
            } catch {
                diagnostics = error.diagnostics
                invalid = true
            }
            switch format {
            case .json:
                Output.line(
                    JSONWriter.string(JSONReport.validation(file: file, diagnostics: diagnostics, warnings: warnings)))
            case .human:
                human.warningLines(warnings).forEach(Output.line)
                if diagnostics.isEmpty {
                    Output.line("\(human.terminal.green("valid")) \(file)")
                } else {
                    for line in human.lines(ScenarioError(file: file, diagnostics: diagnostics)) { Output.line(line) }
                }
            }
        }
        if invalid { throw ExitCode(ExitStatus.invalid) }
    }
}
