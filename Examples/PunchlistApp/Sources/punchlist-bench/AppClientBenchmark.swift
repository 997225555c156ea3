import Foundation
import SimulateKit

/// The app's Punchlist client (async code on the runtime, through the facades) against the `sse`
/// plugin's reference client: the same scenarios and seeds, time and events per side. Scenarios that
/// judge the reference's own configuration are skipped for the app client, so both sides leave them out.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
struct AppClientBenchmark {
    struct Options {
        var seeds: UInt64 = 200
        var rounds = 3
        var directory = "Scenarios/sse"
        /// `--profile app|reference`: run that side alone, once, for a profiler; no comparison.
        var profiledSide: Int?
        /// `--behaviour`: each side's runs once, with their traces, folded into one hash of what happened.
        var checksBehaviour = false

        init?(arguments: [String]) {
            var rest = arguments[...]
            while let argument = rest.popFirst() {
                switch argument {
                case "--seeds":
                    guard let value = rest.popFirst().flatMap(UInt64.init), value > 0 else { return nil }
                    seeds = value
                case "--rounds":
                    guard let value = rest.popFirst().flatMap(Int.init), value > 0 else { return nil }
                    rounds = value
                case "--profile":
                    switch rest.popFirst() {
                    case "reference": profiledSide = 0
                    case "app": profiledSide = 1
                    default: return nil
                    }
                case "--behaviour":
                    checksBehaviour = true
                case let path where !path.hasPrefix("-"):
                    directory = path
                default:
                    return nil
                }
            }
        }
    }

    static let usage = """
        usage: punchlist-bench [--seeds N] [--rounds R] [--profile app|reference] [--behaviour] [SCENARIO-DIR]
          the app's Punchlist client against the reference client on every scenario under SCENARIO-DIR
          (default Scenarios/sse) that judges documented behaviour, seeds 0..<N (default 200), R rounds
          (default 3) with the sides interleaved; --profile runs one side alone, once, to profile it;
          --behaviour runs each side once and prints a hash of every run's trace records and verdicts:
          unlike the trace hash, it leaves out the scheduler's events, so a change that only removes
          events that do nothing keeps it

        """

    /// One side's scenarios, ready to run.
    struct Side {
        let name: String
        let scenarios: [Scenario]
    }

    struct Tally {
        var seconds = 0.0
        var events = 0
        /// Every run's trace hash, combined in run order: equal hashes, equal runs.
        var hashes = TraceHash()
        var eventsPerFile: [Int] = []
        var secondsPerFile: [Double] = []
    }

    let options: Options

    func run() throws {
        let harness = ScenarioHarness(plugins: [AppComponents.punchlist()])
        let runner = SimulationRunner(registry: harness.registry)
        var names: [String] = []
        var reference: [Scenario] = []
        var app: [Scenario] = []
        for file in ScenarioSuite.files(in: options.directory) {
            // Validated once, as a sweep does: the runs measure running, not decoding the scenario.
            let appScenario = try runner.prepare(harness.scenario(file, setting: ["sse": ["client": "app"]]))
            guard appScenario.skipReason(registry: harness.registry) == nil else { continue }
            names.append(file.displayPath)
            reference.append(try runner.prepare(harness.scenario(file, setting: [:])))
            app.append(appScenario)
        }
        let sides = [Side(name: "reference client", scenarios: reference), Side(name: "app client", scenarios: app)]
        if options.checksBehaviour {
            for side in sides {
                var combined = TraceHash()
                for (name, scenario) in zip(names, side.scenarios) {
                    let hash = behaviourHash(scenario, runner: runner)
                    combined.combine(hash)
                    print("  \(side.name), \(name): \(hash)")
                }
                print("punchlist-bench --behaviour: \(side.name): \(combined.hex)")
            }
            return
        }
        if let side = options.profiledSide {
            let tally = measure(sides[side], runner: runner)
            print(
                "punchlist-bench --profile: \(sides[side].name) alone, \(names.count) scenarios × seeds 0..<\(options.seeds): "
                    + "\(format(tally.seconds)) s, \(tally.events) events, trace hashes combined \(tally.hashes.hex)")
            return
        }
        print(
            "punchlist-bench: \(names.count) sse scenarios that judge behaviour × seeds 0..<\(options.seeds), "
                + "\(options.rounds) interleaved rounds")
        var tallies: [[Tally]] = [[], []]
        for round in 0..<options.rounds {
            // Alternate which side goes first, so a drift of the machine hits both alike.
            for index in (round.isMultiple(of: 2) ? [0, 1] : [1, 0]) {
                tallies[index].append(measure(sides[index], runner: runner))
            }
            let ratio = tallies[1][round].seconds / tallies[0][round].seconds
            print("  round \(round + 1): app / reference time \(format(ratio))×")
        }
        report(names: names, tallies: tallies)
    }

    private func measure(_ side: Side, runner: SimulationRunner) -> Tally {
        var tally = Tally()
        let clock = ContinuousClock()
        let start = clock.now
        for scenario in side.scenarios {
            let fileStart = clock.now
            var events = 0
            // A scenario that pins its seed is about that seed alone: a sweep runs it once.
            let seeds = scenario.pinsSeed ? scenario.seed...scenario.seed : 0...(options.seeds - 1)
            for seed in seeds {
                let result = runner.run(scenario, seed: seed, keepsTrace: false)
                events += result.events
                tally.hashes.combine(result.traceHash)
            }
            tally.eventsPerFile.append(events)
            tally.secondsPerFile.append(Self.seconds(clock.now - fileStart))
            tally.events += events
        }
        tally.seconds = Self.seconds(clock.now - start)
        return tally
    }

    /// Every run's trace records and verdicts (expectation, passed, violations), folded in run order.
    private func behaviourHash(_ scenario: Scenario, runner: SimulationRunner) -> String {
        var hash = TraceHash()
        let seeds = scenario.pinsSeed ? scenario.seed...scenario.seed : 0...(options.seeds - 1)
        for seed in seeds {
            let result = runner.run(scenario, seed: seed, keepsTrace: true)
            for record in result.trace { hash.combine(record.line) }
            for expectation in result.expectations {
                hash.combine(expectation.name)
                hash.combine(expectation.passed ? 1 : 2)
                for violation in expectation.violations { hash.combine(violation.message) }
            }
        }
        return hash.hex
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    private func report(names: [String], tallies: [[Tally]]) {
        let reference = tallies[0][0]
        let app = tallies[1][0]
        print("  per scenario, summed over the seeds, first round (app / reference): events, time")
        for (index, name) in names.enumerated() {
            let events = Double(app.eventsPerFile[index]) / Double(max(reference.eventsPerFile[index], 1))
            let time = app.secondsPerFile[index] / reference.secondsPerFile[index]
            print(
                "    \(name): \(app.eventsPerFile[index]) / \(reference.eventsPerFile[index]) = \(format(events))×, "
                    + "\(format(app.secondsPerFile[index])) / \(format(reference.secondsPerFile[index])) s = \(format(time))×"
            )
        }
        let ratios = zip(tallies[1], tallies[0]).map { $0.seconds / $1.seconds }.sorted()
        let median = ratios[ratios.count / 2]
        print(
            "  reference client: \(format(tallies[0].map(\.seconds).min()!)) s best, \(reference.events) events, "
                + "trace hashes combined \(reference.hashes.hex)")
        print(
            "  app client:       \(format(tallies[1].map(\.seconds).min()!)) s best, \(app.events) events, "
                + "trace hashes combined \(app.hashes.hex)")
        print(
            "  app / reference: time \(format(median))× (\(format(ratios.first!))–\(format(ratios.last!))), "
                + "events \(format(Double(app.events) / Double(reference.events)))×   (target ≤ 1.5× time)")
    }

    private func format(_ value: Double) -> String {
        String(format: value < 10 ? "%.3f" : "%.1f", value)
    }
}
