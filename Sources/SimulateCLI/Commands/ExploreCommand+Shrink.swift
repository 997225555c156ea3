import ArgumentParser
import Foundation
import SimulateCore
import SimulateJSON
import SimulateReports

/// `explore --shrink`: the failing schedule handed to the shrinker at once, as the printed shrink command would.
extension ExploreCommand {
    /// Where the minimal scenario goes: `--output`, else NAME.min.json beside the file.
    var shrinkDestination: OutputFile { OutputFile(output ?? ShrinkCommand.defaultOutput(for: file)) }

    /// Refuses an output path that cannot be written before any schedule runs.
    func checkShrinkDestination() throws {
        guard shrink else { return }
        try ShrinkCommand.check(shrinkDestination, against: file, doing: "explored")
    }

    /// Shrinks the failing run (its seed and strategy, the command line's fault points and budget) and writes
    /// the minimal scenario; the lines `simulate shrink` prints, or the problem.
    func shrinkFailure(_ failure: RunResult, terminal: Terminal) throws -> (lines: [String], path: String?) {
        guard let data = FileManager.default.contents(atPath: file) else {
            return (["shrink: \(file) cannot be read"], nil)
        }
        let progress = ShrinkProgressLine.make()
        defer { progress?.finish() }
        let result: ShrinkResult
        do {
            result = try ScenarioShrinker.shrink(
                text: String(decoding: data, as: UTF8.self), file: file, seed: failure.seed,
                strategy: failure.strategy, overrides: overrides.minimalScenarioOverrides,
                registry: CommandEnvironment.registry,
                progress: progress.map { line in { line.show($0) } })
        } catch {
            return (["shrink: the failure did not repeat when shrinking (\(error))"], nil)
        }
        let destination = shrinkDestination
        do {
            try destination.write(
                ScenarioJSONStyle.string(SchemaReference.rebased(result.minimal, from: file, to: destination.path)).utf8
            )
        } catch {
            Output.error("error: \(error)")
            throw ExitCode(ExitStatus.invalid)
        }
        let report = ShrinkReport(
            result: result, path: destination.path, terminal: terminal,
            ownPlugins: CommandEnvironment.ownPlugins(in: result.minimal))
        return (report.lines(), destination.path)
    }
}
