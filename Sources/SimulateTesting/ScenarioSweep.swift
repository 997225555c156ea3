import SimulateCore
import SimulateJSON

/// The runs of one scenario over a range of seeds, judged as `simulate run --seeds` judges them:
/// each run on its expectations with `"sweep": "every"`, and each `"sweep": "some"` expectation
/// once over the whole range (met with at least one seed). A scenario with `"pinSeed": true` runs
/// once, with its own seed.
public struct SweepOutcome: Sendable {
    /// Each seed's outcome, in seed order.
    public var outcomes: [ScenarioOutcome]
    /// Every run's failures, then one per `"some"` expectation that no seed met.
    public var failures: [ScenarioFailure]

    /// No failure in any run, and every `"some"` expectation met by at least one seed.
    public var passed: Bool { failures.isEmpty }
}

extension ScenarioHarness {
    /// Loads a scenario file and runs it with every seed in `seeds`.
    /// The file is read and validated once, not once per seed.
    public func sweep(_ file: ScenarioFile, seeds: ClosedRange<UInt64>) -> SweepOutcome {
        sweep(load(file), seeds: seeds)
    }

    /// Runs a scenario built in code, or loaded and changed in code (`Scenario.keepInvariantsOnly()`,
    /// settings replaced), with every seed in `seeds`; it is validated once, not once per seed. Its failures'
    /// replay lines name the running Swift Testing test, never the file as written.
    public func sweep(_ scenario: Scenario, seeds: ClosedRange<UInt64>) -> SweepOutcome {
        sweep(prepare(scenario), seeds: seeds, asWritten: false)
    }

    private func sweep(_ ready: ReadyScenario, seeds: ClosedRange<UInt64>, asWritten: Bool = true) -> SweepOutcome {
        guard case .ready(let scenario) = ready, !scenario.pinsSeed else {
            let only = run(ready, seed: nil, asWritten: asWritten)
            return SweepOutcome(outcomes: [only], failures: only.failures)
        }
        return Self.judge(seeds.map { run(ready, seed: $0, asWritten: asWritten) }, seeds: seeds)
    }

    static func judge(_ outcomes: [ScenarioOutcome], seeds: ClosedRange<UInt64>) -> SweepOutcome {
        var failures = outcomes.flatMap { $0.failures(inSweep: true) }
        let results = outcomes.compactMap(\.result)
        guard let first = results.first else { return SweepOutcome(outcomes: outcomes, failures: failures) }
        for (index, expectation) in first.expectations.enumerated() where expectation.sweep == .some {
            let met = results.filter { $0.expectations.indices.contains(index) && $0.expectations[index].passed }
            guard met.isEmpty else { continue }
            let device = expectation.device.map { " on \($0)" } ?? ""
            let what =
                expectation.kind == .check
                ? "\(expectation.name) at \(expectation.at?.text ?? "end")\(device) equals "
                    + JSONWriter.string(expectation.expected ?? .null)
                : expectation.name + (expectation.expectedViolated ? " violated (a documented hazard)" : " held")
            failures.append(
                ScenarioFailure(
                    file: outcomes[0].file, seed: nil, name: expectation.name,
                    message:
                        "\(outcomes[0].file) (seeds \(seeds.lowerBound)...\(seeds.upperBound)): \"sweep\": \"some\" "
                        + "needs \(what) with at least one seed; "
                        + "none of \(results.count) met it"))
        }
        return SweepOutcome(outcomes: outcomes, failures: failures)
    }
}
