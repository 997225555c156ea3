import SimulateCore
import SimulateTesting
import Testing

@Suite struct ScenarioExpectationsTests {
    let plugins: [any SimulationPlugin] = [ProbePlugin()]

    @Test func passingFileRecordsNoIssue() throws {
        let fixtures = try Fixtures(["ok.json": Fixtures.passing])
        defer { fixtures.remove() }
        let outcome = ScenarioExpectations.check(file: fixtures.path("ok.json"), plugins: plugins)
        #expect(outcome.passed)
        #expect(outcome.failures.isEmpty)
    }

    @Test func failingExpectationRecordsAnIssueNamingFileAndViolation() throws {
        let fixtures = try Fixtures(["alarm.json": Fixtures.alarming])
        defer { fixtures.remove() }
        withKnownIssue {
            ScenarioExpectations.check(file: fixtures.path("alarm.json"), seed: 7, plugins: plugins)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("alarm.json (seed 7)") && text.contains("probe.quiet violated")
                && text.contains("2.000s phone: alarm raised") && text.contains("--seed 7")
        }
    }

    @Test func invalidFileRecordsEachDiagnosticWithLineAndColumn() throws {
        let broken = Fixtures.probe().replacingOccurrences(of: #""id": "phone""#, with: #""id": "9phone""#)
        let fixtures = try Fixtures(["bad.json": broken])
        defer { fixtures.remove() }
        let outcome = ScenarioHarness(plugins: plugins).run(ScenarioFile(path: fixtures.path("bad.json")))
        #expect(outcome.invalid != nil)
        let message = try #require(outcome.failures.first?.message)
        #expect(message.contains("bad.json:1:70: "))
        #expect(message.contains("/devices/0/id"))
        withKnownIssue {
            ScenarioExpectations.check(file: fixtures.path("bad.json"), plugins: plugins)
        }
    }

    @Test func pointCheckFailureShowsExpectedAndObserved() throws {
        let text = Fixtures.probe(
            steps: #"{"at": "1s", "device": "phone", "do": "probe.ping"}"#,
            expect: #"[{"at": "end", "device": "phone", "check": "probe.pings", "equals": 2}]"#)
        let fixtures = try Fixtures(["count.json": text])
        defer { fixtures.remove() }
        let outcome = ScenarioHarness(plugins: plugins).run(ScenarioFile(path: fixtures.path("count.json")))
        #expect(outcome.failures.map(\.name) == ["probe.pings"])
        #expect(outcome.failures.first?.message.contains("at end on phone: expected 2, observed 1") == true)
    }

    @Test func seedRangeRunsEverySeed() throws {
        let fixtures = try Fixtures(["ok.json": Fixtures.passing])
        defer { fixtures.remove() }
        let outcomes = ScenarioExpectations.check(
            file: ScenarioFile(path: fixtures.path("ok.json")), seeds: 0...4, plugins: plugins)
        #expect(outcomes.compactMap(\.result?.seed) == [0, 1, 2, 3, 4])
    }

    @Test func missingFileIsAFailure() {
        let outcome = ScenarioHarness(plugins: plugins).run(ScenarioFile(path: "/nonexistent/x.json"))
        #expect(!outcome.passed)
        #expect(outcome.failures.count == 1)
    }
}
