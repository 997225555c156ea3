import SimulateCore
import SimulateJSON

/// The outcome of running one scenario from a test: either it was invalid (nothing ran) or it ran.
public struct ScenarioOutcome: Sendable {
    /// The scenario file as shown in messages, or the scenario's name when it was built in code.
    public var file: String
    /// Set when the scenario was invalid; nothing was run.
    public var invalid: ScenarioError?
    /// Set when the scenario ran.
    public var result: RunResult?
    /// The scenario that ran, as loaded or built.
    public internal(set) var scenario: Scenario?
    /// Saved when the run failed in a test helper: the scenario file, HTML timeline and trace.
    public internal(set) var artifacts: FailureArtifacts?
    /// The scenario is not the file as written (settings were replaced): only the saved copy replays it.
    var differsFromFile = false
    /// Set by the test helpers: how the failure messages say to replay the run.
    var replay: ReplayContext?
    /// The saved copy of the scenario as run (another seed's failure saved it), when this run saved none.
    var savedScenarioFile: String?

    init(file: String, invalid: ScenarioError) {
        self.file = file
        self.invalid = invalid
    }

    init(result: RunResult, scenario: Scenario? = nil) {
        self.file = result.file ?? result.scenario
        self.result = result
        self.scenario = scenario
    }

    /// The scenario was valid, ran and met every expectation.
    public var passed: Bool { result?.passed ?? false }

    /// One failure per diagnostic of an invalid scenario, per broken run, and per expectation not met.
    public var failures: [ScenarioFailure] { failures(inSweep: false) }

    /// As one run of a seed sweep, expectations with `"sweep": "some"` are judged over the sweep instead.
    func failures(inSweep: Bool) -> [ScenarioFailure] {
        if let invalid {
            return invalid.diagnostics.map {
                ScenarioFailure(file: file, seed: nil, name: nil, message: $0.description)
            }
        }
        guard let result else { return [] }
        var failures: [ScenarioFailure] = []
        let context = "\(file) (seed \(result.seed))"
        if let failure = result.failure {
            failures.append(
                ScenarioFailure(
                    file: file, seed: result.seed, name: nil,
                    message: "\(context): run broke at \(DurationFormat.secondsText(failure.at)): "
                        + failure.message + replaySuffix(result)))
        }
        for expectation in result.expectations where !expectation.passed && !(inSweep && expectation.sweep == .some) {
            failures.append(
                ScenarioFailure(
                    file: file, seed: result.seed, name: expectation.name,
                    message: "\(context): " + Self.describe(expectation) + replaySuffix(result)))
        }
        if failures.isEmpty && !(inSweep ? result.passedAsPartOfSweep : result.passed) {
            failures.append(
                ScenarioFailure(
                    file: file, seed: result.seed, name: nil,
                    message: "\(context): not every expectation was evaluated" + replaySuffix(result)))
        }
        return failures
    }

    /// `\nreplay: simulate run … --seed N`, and where the failure's files were saved.
    private func replaySuffix(_ result: RunResult) -> String {
        let saved = artifacts.map { "\n" + $0.messageLines } ?? ""
        guard let replay, !(replay.builtInPluginsOnly && !differsFromFile) else {
            return "\nreplay: " + result.replayCommand + saved
        }
        // Not saved (a harness run outside the test helpers): the file as written is not what ran.
        let scenario = artifacts?.scenarioFile ?? savedScenarioFile ?? (differsFromFile ? nil : result.file ?? file)
        return "\n"
            + replay.lines(seed: result.seed, strategy: result.strategy, saved: scenario)
            .joined(separator: "\n") + saved
    }

    static func describe(_ expectation: ExpectationResult) -> String {
        switch expectation.kind {
        case .check:
            let device = expectation.device.map { " on \($0)" } ?? ""
            return "check \(expectation.name) at \(expectation.at?.text ?? "end")\(device): expected "
                + JSONWriter.string(expectation.expected ?? .null) + ", observed "
                + JSONWriter.string(expectation.observed ?? .null)
        case .invariant where expectation.expectedViolated:
            return "\(expectation.name) was expected to be violated (a documented hazard), but it held"
        case .invariant:
            var lines = ["\(expectation.name) violated \(expectation.violationCount) time(s)"]
            let listed = expectation.listedViolations
            for violation in listed.prefix(5) {
                let device = violation.device.map { " \($0)" } ?? ""
                let message = violation.message.replacingOccurrences(of: "\n", with: "\n    ")
                lines.append("  \(DurationFormat.secondsText(violation.at))\(device): \(message)")
                for event in violation.events.prefix(8) { lines.append("    " + event) }
                if violation.events.count > 8 {
                    lines.append("    … \(violation.events.count - 8) more event(s): the saved trace lists them all")
                }
            }
            let shown = min(listed.count, 5)
            if expectation.violationCount > shown { lines.append("  … and \(expectation.violationCount - shown) more") }
            return lines.joined(separator: "\n")
        }
    }
}

/// One thing that went wrong, worded for a test failure: the file, the seed, the expectation and what broke it.
public struct ScenarioFailure: Sendable, CustomStringConvertible {
    /// The scenario file as shown in messages.
    public var file: String
    /// nil when the scenario was invalid.
    public var seed: UInt64?
    /// The expectation (`sse.backoff`), nil for invalid scenarios and broken runs.
    public var name: String?
    /// The whole failure in words: what broke, when, on which device, and how to replay it.
    public var message: String

    /// The message.
    public var description: String { message }
}
