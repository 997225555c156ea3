import Foundation
import SimulateCore
import SimulateJSON
import Testing

/// docs/intents.md's success example is what the tool answers today.
@Test func theDocumentedAddTaskAnswerIsWhatTheToolGives() throws {
    let root = #filePath.components(separatedBy: "/Tests/").first ?? "."
    let page = try String(contentsOfFile: root + "/docs/intents.md", encoding: .utf8)
    let line = try #require(
        page.split(separator: "\n").first { $0.hasPrefix("{\"ok\": true, \"intent\": \"addTask\"") })
    let documented = try JSONParser.parse(String(line)).root
    let result = run(
        try scenario(
            steps: [
                Call(intent: "createProject", input: "{\"name\": \"Home\", \"id\": \"home\"}").json,
                Call(at: "2s", intent: "addTask", input: "{\"project\": \"home\", \"title\": \"Milk\"}").json,
            ],
            expect: [check("lastResponse")]))
    #expect(observed(result, "lastResponse") == documented)
}
