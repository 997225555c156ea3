import SimulateCore
import Testing

/// `IntentCancellationReason.timeout`: on iOS the system cancels an intent still running after about
/// 30 s, and the caller gets no JSON; an intent that answers first keeps its caller's JSON.
@Suite struct SystemTimeLimitTests {
    static let steps = [
        Call(at: "1s", intent: "createProject", input: #"{"name": "Home", "id": "home"}"#).json,
        Call(at: "2s", intent: "addTask", input: #"{"project": "home", "title": "Milk"}"#).json,
    ]
    static let offline = #"[{"at": "0s", "for": "50s", "kind": "offline"}]"#

    func waiting(intents: String) throws -> RunResult {
        run(
            try scenario(
                steps: Self.steps, expect: [jsonOut], intents: intents, counter: #"{"offline": "wait"}"#,
                faults: Self.offline, duration: "70s"))
    }

    @Test func anIntentPastTheLimitGetsNoJSON() throws {
        let result = try waiting(intents: #"{"timeout": 0}"#)
        let found = try #require(violations(result, "intents.jsonOut"))
        #expect(found.count == 1)
        #expect(found.first?.at == .start + .seconds(32))
        #expect(
            found.first?.message
                == "addTask called at 2.000s on phone (iOS) was still running after the system's 30s limit: the "
                + "system cancelled it (IntentCancellationReason.timeout) and the caller got no JSON")
    }

    @Test func anIntentThatAnswersFirstKeepsItsCallersJSON() throws {
        let result = try waiting(intents: #"{"timeout": "10s"}"#)
        #expect(violations(result, "intents.jsonOut")?.isEmpty == true, "\(failures(result))")
    }

    @Test func macOSHasNoLimit() throws {
        let text = """
            {"format": 1, "name": "mac", "duration": "70s", "devices": [{"id": "phone", "platform": "macOS"}],
             "network": {"latency": "30ms"}, "faults": \(Self.offline),
             "plugins": {"model": {}, "counter": {"offline": "wait"}, "intents": {"timeout": 0}},
             "steps": [\(Self.steps.joined(separator: ","))], "expect": [\(jsonOut)]}
            """
        let result = run(try ScenarioLoader(registry: registry).load(text: text))
        #expect(violations(result, "intents.jsonOut")?.isEmpty == true, "\(failures(result))")
    }
}
