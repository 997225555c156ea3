import Foundation
import SimulateCore
import SimulateReports

/// What a failing test run leaves behind so it can be replayed and looked at: the scenario file
/// (a scenario built in Swift, written as JSON), the HTML timeline and the Perfetto trace.
///
/// They go to `$SIMULATE_ARTIFACTS` when set, else to `simulate-failures/` in the temporary
/// directory, one folder per run: `<scenario>-seed-<N>-<hash>`, the hash taken over the scenario as run
/// (settings written in), the test that ran it and the run's trace hash, so two runs that fail on one file
/// and seed with different settings, components or plugin options do not overwrite each other's files,
/// and a test whose run fails again the same way overwrites its own. The failure message names the folder.
public struct FailureArtifacts: Sendable {
    /// The folder the files are in.
    public var directory: String
    /// The scenario as run, as JSON: `simulate run` replays it.
    public var scenarioFile: String
    /// The HTML timeline.
    public var timeline: String
    /// The Perfetto trace (open it at ui.perfetto.dev).
    public var trace: String
    /// The text of each file, by file name, for test attachments.
    var contents: [(name: String, text: String)]

    /// The folder artifacts are saved under.
    public static var baseDirectory: String {
        if let configured = ProcessInfo.processInfo.environment["SIMULATE_ARTIFACTS"], !configured.isEmpty {
            return configured
        }
        return (NSTemporaryDirectory() as NSString).appendingPathComponent("simulate-failures")
    }

    /// Runs the scenario again with its trace (same seed, same run) and saves the three files;
    /// nil when they cannot be written.
    /// `replay` gives the page's replay lines for the saved scenario's path (nil: the result's own command).
    static func save(
        _ scenario: Scenario, seed: UInt64, test: String?, registry: PluginRegistry,
        replay: ((_ savedScenario: String) -> String?)? = nil
    ) -> FailureArtifacts? {
        let json = scenario.jsonText
        var result = SimulationRunner(registry: registry).run(scenario, seed: seed, keepsTrace: true)
        // The run's trace hash tells apart runs of one scenario by other components or plugin options, which
        // the scenario's text does not show.
        var identity = TraceHash()
        identity.combine(json)
        identity.combine(test ?? "")
        identity.combine(result.traceHash)
        let hash = String(identity.value >> 32, radix: 16)
        let folder = "\(slug(scenario))-seed-\(seed)-" + String(repeating: "0", count: 8 - hash.count) + hash
        let directory = (baseDirectory as NSString).appendingPathComponent(folder)
        let scenarioFile = (directory as NSString).appendingPathComponent("scenario.json")
        result.file = scenario.file ?? scenarioFile
        let devices = scenario.devices.map(\.id)
        let contents = [
            ("scenario.json", json),
            ("timeline.html", RunReports.html([(result, devices, replay?(scenarioFile))])),
            ("trace.json", RunReports.trace([(result, devices)])),
        ]
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            for (name, text) in contents {
                let path = (directory as NSString).appendingPathComponent(name)
                try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            }
        } catch {
            return nil
        }
        return FailureArtifacts(
            directory: directory, scenarioFile: scenarioFile,
            timeline: (directory as NSString).appendingPathComponent("timeline.html"),
            trace: (directory as NSString).appendingPathComponent("trace.json"), contents: contents)
    }

    /// The lines a failure message ends with.
    var messageLines: String {
        "saved: \(scenarioFile)\n  timeline: \(timeline) (open in a browser)\n"
            + "  trace: \(trace) (open in ui.perfetto.dev)"
    }

    /// `phone-offline-for-20-s` from the file name or the scenario's name.
    private static func slug(_ scenario: Scenario) -> String {
        let source =
            scenario.file.map { (($0 as NSString).lastPathComponent as NSString).deletingPathExtension }
            ?? scenario.name
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789")
        var slug = ""
        for character in source.lowercased() {
            if allowed.contains(character) {
                slug.append(character)
            } else if !slug.hasSuffix("-") {
                slug.append("-")
            }
        }
        let trimmed = slug.trimmingCharacters(in: CharacterSet(charactersIn: "-"))
        return trimmed.isEmpty ? "scenario" : String(trimmed.prefix(60))
    }
}

extension ScenarioOutcome {
    /// Saves the artifacts of a failed run and points the replay command at the saved scenario
    /// file when the scenario was built in code. Does nothing for a passing or invalid outcome.
    mutating func saveArtifactsOnFailure(registry: PluginRegistry) {
        guard let result, !result.passed, let scenario, artifacts == nil else { return }
        // The page says what the failure message says: the test, and the saved scenario for your command line.
        let (context, differs) = (replay, scenario.file == nil || differsFromFile)
        let lines: ((String) -> String?)? =
            context.flatMap { context in
                context.builtInPluginsOnly && !differs
                    ? nil
                    : { saved in
                        context.lines(
                            seed: result.seed, strategy: result.strategy, saved: differs ? saved : scenario.file
                        )
                        .joined(separator: "\n")
                    }
            }
        artifacts = FailureArtifacts.save(
            scenario, seed: result.seed, test: replay?.testFilter, registry: registry, replay: lines)
        if let artifacts { replay(from: artifacts) }
    }

    /// Points the replay at `saved` (a run of the same scenario, this run's or another seed's) when the
    /// file as written is not what ran: a scenario built in code, or one whose settings were replaced.
    mutating func replay(from saved: FailureArtifacts) {
        guard let scenario, scenario.file == nil || differsFromFile else { return }
        result?.file = saved.scenarioFile
        savedScenarioFile = saved.scenarioFile
    }

    /// Saves a failed run's artifacts and words its replay for a test: `testFilter` names the test.
    mutating func prepareForReport(_ harness: ScenarioHarness, testFilter: String?) {
        replay = ReplayContext(builtInPluginsOnly: harness.builtInPluginsOnly, testFilter: testFilter)
        saveArtifactsOnFailure(registry: harness.registry)
    }
}

extension SweepOutcome {
    /// Words every run's replay for a test, saves the first failed run's artifacts (returned), points
    /// every other failed run's replay at that saved scenario (with its own seed) and judges the
    /// failures again, so their messages name the saved files.
    mutating func prepareForReport(_ harness: ScenarioHarness, seeds: ClosedRange<UInt64>, testFilter: String?)
        -> FailureArtifacts?
    {
        for index in outcomes.indices {
            outcomes[index].replay = ReplayContext(
                builtInPluginsOnly: harness.builtInPluginsOnly, testFilter: testFilter)
        }
        var saved: FailureArtifacts?
        if let first = outcomes.firstIndex(where: { !$0.passed && $0.result != nil }) {
            outcomes[first].saveArtifactsOnFailure(registry: harness.registry)
            saved = outcomes[first].artifacts
            if let saved {
                for index in outcomes.indices[(first + 1)...] where !outcomes[index].passed {
                    outcomes[index].replay(from: saved)
                }
            }
        }
        failures = ScenarioHarness.judge(outcomes, seeds: seeds).failures
        return saved
    }
}
