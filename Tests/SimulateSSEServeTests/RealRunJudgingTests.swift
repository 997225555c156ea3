import SimulateCore
import SimulateSSE
import Testing

@testable import SimulateSSEServe

/// What `serve` and `probe` judge comes from the `sse` plugin's typed invariants and observables.
struct RealRunJudgingTests {
    @Test func eachSideJudgesWhatItCanSee() {
        #expect(ServeJudge.invariants == ["backoff", "reconnectRate", "mutationsDelivered"])
        #expect(ServeJudge.observables == ["serverItems", "serverVersion"])
        #expect(ProbeJudge.invariants == ["fullState", "serverIds", "freshness"])
        #expect(
            ProbeJudge.observables == [
                "connected", "offlineIndicator", "items", "reconnectAttempts", "serverItems", "serverVersion",
            ])
    }

    @Test func everyDeclaredInvariantIsJudgedOnARealEndpointOrNamedAsNot() {
        let declared = Set(SSEInvariant.entries.map(\.name))
        let judged = ServeJudge.invariants.union(ProbeJudge.invariants)
        #expect(judged.isSubset(of: declared))
        #expect(declared.subtracting(judged) == ["offlineIndicator", "converged", "noRevert"])
    }

    @Test func expectationsNeitherSideSeesAreNamedNotPassed() throws {
        let scenario = try ScenarioLoader(registry: PluginRegistry([SSEPlugin()])).load(
            text: """
                {"format": 1, "name": "real", "duration": "5s", "devices": [{"id": "phone"}],
                 "plugins": {"sse": {}},
                 "expect": [{"invariant": "sse.converged"}, {"invariant": "sse.backoff", "args": {"initialDelay": "2s"}},
                            {"invariant": "sse.freshness"},
                            {"check": "sse.serverVersion", "at": "end", "equals": 0}]}
                """, file: "real.json")
        #expect(ServeJudge.notJudged(scenario) == ["sse.converged", "sse.freshness"])
        #expect(ProbeJudge.notJudged(scenario) == ["sse.converged", "sse.backoff"])
    }
}
