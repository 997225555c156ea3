import Foundation
import SimulateCore
import SimulateTesting
import Testing

/// `ScenarioHarness.explore` and `.using(_:)`: the first failing run, its replay line naming the seed
/// and the strategy, and a bad file reported, not run.
@Suite struct ExploreHarnessTests {
    static let race = """
        {"format": 1, "name": "race", "duration": "30s", "devices": [{"id": "d1"}, {"id": "d2"}],
         "network": {"latency": "40ms"}, "plugins": {"counter": {"savePolicy": "allKeys"}},
         "steps": [{"at": "10s", "device": "d1", "do": "counter.next"},
                   {"at": "10.01s", "device": "d2", "do": "counter.next"}],
         "expect": [{"invariant": "counter.unique"}]}
        """

    @Test func exploreStopsAtTheFirstFailureAndNamesItsStrategy() throws {
        let fixtures = try Fixtures(["race.json": Self.race, "calm.json": Fixtures.passing])
        defer { fixtures.remove() }
        let found = ScenarioHarness().explore(
            ScenarioFile(path: fixtures.path("race.json")), strategy: .pct(depth: 2, steps: nil), runs: 50,
            firstSeed: 5)
        #expect(found.runs == 1)
        let message = try #require(found.failures.first?.message)
        // No async code ran: no choice was made, so the learned N stays at its floor after the first run.
        #expect(message.contains("replay: simulate run \(fixtures.path("race.json")) --seed 5 --strategy pct:2:1000"))
        #expect(found.coverage.schedules == 1)

        let calm = ScenarioHarness(plugins: [ProbePlugin()]).explore(
            ScenarioFile(path: fixtures.path("calm.json")), strategy: .delay(delays: 2, steps: 10), runs: 7)
        #expect(calm.passed)
        #expect(calm.runs == 7)
        #expect(calm.coverage.curve.map(\.runs) == [1, 2, 4, 7])
    }

    @Test func aHarnessUsingAStrategyRunsWithItAndItsReplayNamesIt() throws {
        let fixtures = try Fixtures(["race.json": Self.race])
        defer { fixtures.remove() }
        let outcome = ScenarioHarness().using(.replay([])).run(ScenarioFile(path: fixtures.path("race.json")), seed: 3)
        #expect(outcome.result?.strategy == .replay([]))
        #expect(outcome.failures.first?.message.contains("--seed 3 --strategy fifo") == true)
        let plain = ScenarioHarness().run(ScenarioFile(path: fixtures.path("race.json")), seed: 3)
        #expect(plain.result?.strategy == nil)
        #expect(plain.result?.traceHash == outcome.result?.traceHash)
    }

    @Test func aBadStrategyInTheFileIsReportedNotRun() throws {
        let bad = Self.race.replacingOccurrences(of: "\"duration\"", with: "\"strategy\": \"pct:x\", \"duration\"")
        let fixtures = try Fixtures(["bad.json": bad])
        defer { fixtures.remove() }
        let outcome = ScenarioHarness().explore(
            ScenarioFile(path: fixtures.path("bad.json")), strategy: .random, runs: 10)
        #expect(outcome.runs == 0)
        #expect(outcome.failures.first?.message.contains("bad.json:1:") == true)
        #expect(outcome.failures.first?.message.contains("/strategy") == true)
    }
}
