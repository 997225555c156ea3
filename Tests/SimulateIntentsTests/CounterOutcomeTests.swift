import SimulateCore
import SimulateJSON
import Testing

private let offline = "[{\"at\": \"0s\", \"for\": \"20s\", \"device\": \"phone\", \"kind\": \"offline\"}]"
private let steps = [
    Call(at: "1s", intent: "createProject", input: "{\"name\": \"Home\", \"id\": \"home\"}").json,
    Call(at: "2s", intent: "addTask", input: "{\"project\": \"home\", \"title\": \"Milk\"}").json,
]

@Test func offlineWithFailingCounterAnswersCounterUnavailable() throws {
    let result = run(
        try scenario(steps: steps, expect: [jsonOut, check("lastResponse", at: "3s")], faults: offline))
    #expect(violations(result, "intents.jsonOut") == [])
    let response = try #require(observed(result, "lastResponse", at: "3s"))
    #expect(response["ok"] == false)
    #expect(response["error"]?["code"] == "counterUnavailable")
}

@Test func offlineWithWaitingCounterAnswersTimeoutAfterTheConfiguredWait() throws {
    let result = run(
        try scenario(
            steps: steps, expect: [jsonOut, check("pending", at: "5s", equals: "1"), check("lastOutcome", at: "13s")],
            intents: "{\"timeout\": \"10s\"}", counter: "{\"offline\": \"wait\"}", faults: offline))
    #expect(violations(result, "intents.jsonOut") == [])
    #expect(observed(result, "pending", at: "5s") == 1)
    #expect(observed(result, "lastOutcome", at: "13s") == "timeout")
}

@Test func withoutTimeoutTheAnswerArrivesAfterReconnecting() throws {
    let result = run(
        try scenario(
            steps: steps, expect: [jsonOut, check("lastOutcome", at: "19s"), check("lastResponse")],
            intents: "{\"timeout\": 0}", counter: "{\"offline\": \"wait\"}", faults: offline))
    #expect(violations(result, "intents.jsonOut") == [])
    #expect(observed(result, "lastOutcome", at: "19s") == "ok")  // createProject's answer
    #expect(observed(result, "lastResponse")?["result"]?["task"]?["displayId"] == 1)
}

@Test func thrownErrorsLeaveTheCallerWithoutJSON() throws {
    let result = run(
        try scenario(
            steps: [Call(intent: "addTask", input: "{\"project\": \"none\", \"title\": \"x\"}").json],
            expect: [jsonOut],
            intents: "{\"errors\": \"thrown\"}"))
    let found = try #require(violations(result, "intents.jsonOut"))
    #expect(found.count == 1)
    #expect(found.first?.message.contains("empty") == true)
}

@Test func interpolatedJSONBreaksOnQuotesInUserText() throws {
    let result = run(
        try scenario(
            steps: [Call(intent: "createProject", input: "{\"name\": \"say \\\"hi\\\"\"}").json], expect: [jsonOut],
            intents: "{\"encoding\": \"interpolation\"}"))
    #expect(violations(result, "intents.jsonOut")?.first?.message.contains("not JSON") == true)
}
