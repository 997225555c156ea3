import SimulateCore
import SimulateJSON
import Testing

private let cases: [(intent: String, input: String, code: String)] = [
    ("createProject", "", "invalidJSON"),
    ("createProject", "{'name': 'x'}", "invalidJSON"),
    ("createProject", "{\"name\": \"x\",}", "invalidJSON"),
    ("createProject", String(repeating: "[", count: 800) + String(repeating: "]", count: 800), "invalidJSON"),
    ("createProject", "[\"name\"]", "invalidInput"),
    ("createProject", "{\"name\": 42}", "invalidInput"),
    ("createProject", "{}", "invalidInput"),
    ("createProject", "{\"name\": \"x\", \"colour\": \"red\"}", "invalidInput"),
    ("createProject", "{\"name\": \"x\", \"name\": \"y\"}", "invalidInput"),
    ("createProject", "{\"name\": \"   \"}", "invalidInput"),
    ("addTask", "{\"project\": \"nowhere\", \"title\": \"Milk\"}", "unknownProject"),
    ("addTask", "{\"project\": \"nowhere\", \"title\": \"Milk\", \"priority\": 1.5}", "invalidInput"),
    ("listTasks", "{\"project\": \"nowhere\"}", "unknownProject"),
    ("listTasks", "{\"includeDone\": \"yes\"}", "invalidInput"),
    ("completeTask", "{\"task\": \"nothing\"}", "unknownTask"),
    ("completeTask", "{\"displayId\": 99}", "unknownTask"),
    ("completeTask", "{\"task\": \"a\", \"displayId\": 1}", "invalidInput"),
    ("deleteTask", "{}", "invalidInput"),
    ("deleteTask", "{\"displayId\": -3}", "invalidInput"),
    ("frobnicate", "{}", "unknownIntent"),
    ("createProject", "{\"name\": \"" + String(repeating: "x", count: 70_000) + "\"}", "inputTooLarge"),
]

@Test(arguments: cases)
func everyBadInputAnswersItsDocumentedCode(intent: String, input: String, code: String) throws {
    let result = run(
        try scenario(
            steps: [Call(intent: intent, input: input).json],
            expect: [jsonOut, check("lastOutcome", equals: "\"\(code)\"")]))
    #expect(result.failure == nil)
    #expect(violations(result, "intents.jsonOut") == [])
    #expect(observed(result, "lastOutcome") == .string(code))
}

@Test func errorsNameTheFieldAndTheSyntaxErrorLocation() throws {
    let steps = [
        Call(at: "1s", intent: "addTask", input: "{\"project\": \"p\", \"title\": true}").json,
        Call(at: "2s", intent: "createProject", input: "{\n  \"name\": 'x'\n}").json,
        Call(at: "3s", intent: "createProject", input: "{\"name\": \"x\", \"extra\": 1}").json,
    ]
    let expect = [check("lastResponse", at: "1.5s"), check("lastResponse", at: "2.5s"), check("lastResponse")]
    let result = run(try scenario(steps: steps, expect: expect))
    #expect(observed(result, "lastResponse", at: "1.5s")?["error"]?["path"] == "/title")
    let syntax = try #require(observed(result, "lastResponse", at: "2.5s")?["error"])
    #expect(syntax["code"] == "invalidJSON")
    #expect(syntax["line"] == 2 && syntax["column"] == 11)
    #expect(observed(result, "lastResponse")?["error"]?["path"] == "/extra")
}

@Test func inputLimitIsConfigurable() throws {
    let input = "{\"name\": \"" + String(repeating: "x", count: 200) + "\"}"
    let result = run(
        try scenario(
            steps: [Call(intent: "createProject", input: input).json], expect: [check("lastResponse")],
            intents: "{\"maxInputBytes\": 100}"))
    let error = try #require(observed(result, "lastResponse")?["error"])
    #expect(error["code"] == "inputTooLarge")
    #expect(error["message"]?.stringValue?.contains("limit is 100 bytes") == true)
}

@Test(arguments: [nil, "addTask", "completeTask"] as [String?])
func fuzzedInputsAlwaysAnswerDocumentedJSON(intent: String?) throws {
    let target = intent.map { ", \"intent\": \"\($0)\"" } ?? ""
    let step = "{\"at\": \"1s\", \"device\": \"phone\", \"do\": \"intents.fuzz\", \"args\": {\"count\": 1500\(target)}}"
    let result = run(
        try scenario(
            steps: [step],
            expect: [jsonOut, "{\"invariant\": \"intents.fuzzCodes\"}", check("responses", equals: "1500")],
            intents: "{\"maxInputBytes\": 2048}"))
    #expect(result.passed, "\(failures(result))")
    #expect(observed(result, "responses") == 1500)
}

@Test func fuzzIsReproducibleFromTheSeed() throws {
    let step = "{\"at\": \"1s\", \"device\": \"phone\", \"do\": \"intents.fuzz\", \"args\": {\"count\": 300}}"
    let file = try scenario(steps: [step], expect: [jsonOut, check("errorCodes")])
    #expect(run(file, seed: 3).traceHash == run(file, seed: 3).traceHash)
    #expect(run(file, seed: 3).traceHash != run(file, seed: 4).traceHash)
    #expect(observed(run(file, seed: 3), "errorCodes") == observed(run(file, seed: 3), "errorCodes"))
}

/// `JSONDecoder` reads `null` for an optional property as the property left out (`decodeIfPresent`),
/// and `null` for a non-optional one as a missing value.
private let nullCases: [(intent: String, input: String, code: String)] = [
    ("createProject", "{\"name\": \"Home\", \"id\": null}", "ok"),
    ("listTasks", "{\"project\": null, \"includeDone\": null}", "ok"),
    ("completeTask", "{\"task\": null, \"displayId\": 5}", "unknownTask"),
    ("completeTask", "{\"task\": null}", "invalidInput"),
    ("createProject", "{\"name\": null}", "invalidInput"),
    ("addTask", "{\"project\": null, \"title\": \"Milk\"}", "invalidInput"),
]

@Test(arguments: nullCases)
func nullForAnOptionalFieldIsAbsent(intent: String, input: String, code: String) throws {
    let result = run(
        try scenario(
            steps: [Call(intent: intent, input: input).json],
            expect: [jsonOut, check("lastOutcome", equals: "\"\(code)\"")]))
    #expect(violations(result, "intents.jsonOut") == [])
    #expect(observed(result, "lastOutcome") == .string(code))
}

@Test func addTaskWithNullPriorityTakesTheDefault() throws {
    let steps = [
        Call(at: "1s", intent: "createProject", input: "{\"name\": \"Home\", \"id\": \"home\"}").json,
        Call(at: "2s", intent: "addTask", input: "{\"project\": \"home\", \"title\": \"Milk\", \"priority\": null}")
            .json,
    ]
    let result = run(try scenario(steps: steps, expect: [jsonOut, check("lastResponse")]))
    #expect(observed(result, "lastResponse")?["result"]?["task"]?["priority"] == 0)
}
