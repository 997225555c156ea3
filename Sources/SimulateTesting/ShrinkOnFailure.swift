import Foundation
import SimulateCore
import SimulateJSON

/// Asks a scenario check to shrink a failure (what `simulate shrink` does) and write the minimal scenario.
///
/// ```swift
/// ScenarioExpectations.check(file: "Scenarios/counter/allkeys.json", shrinkOnFailure: .beside)
/// ```
public struct ShrinkOnFailure: Sendable {
    /// The shrinker's budget (runs, seconds) and moves.
    public var options: ShrinkOptions
    /// Where to write the minimal scenario; nil: beside the scenario file as `NAME.min.json`.
    public var output: String?

    /// Shrinking within `options` (a minute by default), written to `output` or beside the file.
    public init(options: ShrinkOptions = ShrinkOptions(maxSeconds: 60), output: String? = nil) {
        self.options = options
        self.output = output
    }

    /// `NAME.min.json` beside the scenario file, within a minute of shrinking.
    public static let beside = ShrinkOnFailure()
}

/// A shrunk failure: where the minimal scenario was written and how it was found.
public struct ShrunkFailure: Sendable {
    /// Where the minimal scenario was written.
    public var path: String
    /// What the shrinker found: the signature, the sizes before and after, the runs it took.
    public var result: ShrinkResult

    /// Words for a test failure: what still fails, the sizes, the minimal scenario itself.
    public var message: String {
        "shrunk to \(path) (\(result.runs) runs, \(String(format: "%.1f", result.seconds))s): still fails with "
            + "\(result.signature)\nbefore: \(result.before)\nafter:  \(result.after)\n"
            + ScenarioJSONStyle.string(result.minimal)
    }
}

extension ScenarioHarness {
    /// Shrinks the failure of `file` with `seed` (and the harness's ``strategy``, when set: its schedule is
    /// shrunk too) and writes the minimal scenario; nil when it does not fail that way or cannot be written.
    public func shrink(_ file: ScenarioFile, seed: UInt64?, request: ShrinkOnFailure) -> ShrunkFailure? {
        guard let data = FileManager.default.contents(atPath: file.path) else { return nil }
        guard
            let result = try? ScenarioShrinker.shrink(
                text: String(decoding: data, as: UTF8.self), file: file.displayPath, seed: seed, strategy: strategy,
                registry: registry, options: request.options)
        else { return nil }
        let base = file.path.hasSuffix(".json") ? String(file.path.dropLast(5)) : file.path
        let path = request.output ?? base + ".min.json"
        // Never over the failing scenario itself; through a temporary file, so a kill leaves no half-written file.
        let output = OutputFile(path)
        guard !output.isSameFile(as: OutputFile(file.path)) else { return nil }
        do {
            try output.write(ScenarioJSONStyle.string(result.minimal).utf8)
        } catch {
            return nil
        }
        return ShrunkFailure(path: path, result: result)
    }
}
