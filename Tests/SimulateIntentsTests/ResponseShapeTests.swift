import SimulateJSON
import Testing

@testable import SimulateIntents

private let task =
    "{\"id\": \"t1\", \"displayId\": 3, \"title\": \"x\", \"done\": false, \"priority\": 0, \"project\": \"p\"}"

@Test(arguments: [
    ("addTask", "{\"ok\": true, \"intent\": \"addTask\", \"result\": {\"task\": \(task)}}"),
    ("listTasks", "{\"ok\": true, \"intent\": \"listTasks\", \"result\": {\"tasks\": [\(task)]}}"),
    (
        "deleteTask",
        "{\"ok\": true, \"intent\": \"deleteTask\", \"result\": {\"deleted\": {\"id\": \"t\", \"displayId\": null}}}"
    ),
    ("x", "{\"ok\": false, \"intent\": \"x\", \"error\": {\"code\": \"unknownIntent\", \"message\": \"m\"}}"),
    (
        "addTask",
        "{\"ok\": false, \"intent\": \"addTask\", \"error\": {\"code\": \"invalidJSON\", \"message\": \"m\", \"line\": 1, \"column\": 2}}"
    ),
])
func documentedShapesPass(intent: String, text: String) {
    #expect(ResponseShape.problem(in: text, intent: intent) == nil)
}

@Test(arguments: [
    ("addTask", ""),
    ("addTask", "{\"ok\": true, \"intent\": \"addTask\", \"result\": {\"task\": {}}}"),
    ("addTask", "{\"ok\": true, \"intent\": \"listTasks\", \"result\": {\"tasks\": []}}"),
    ("addTask", "{\"ok\": false, \"intent\": \"addTask\", \"error\": {\"code\": \"unknownTask\", \"message\": \"m\"}}"),
    ("addTask", "{\"ok\": false, \"intent\": \"addTask\", \"error\": {\"code\": \"nope\", \"message\": \"m\"}}"),
    ("addTask", "{\"ok\": false, \"intent\": \"addTask\", \"error\": {\"code\": \"timeout\", \"message\": \"\"}}"),
    (
        "addTask",
        "{\"ok\": false, \"intent\": \"addTask\", \"ok\": false, \"error\": {\"code\": \"timeout\", \"message\": \"m\"}}"
    ),
    ("x", "{\"ok\": true, \"intent\": \"x\", \"result\": {}}"),
    ("listTasks", "{\"ok\": true, \"intent\": \"listTasks\", \"result\": {\"tasks\": [], \"more\": 1}}"),
])
func brokenShapesAreReported(intent: String, text: String) {
    #expect(ResponseShape.problem(in: text, intent: intent) != nil)
}

/// Problems name the first extra key in the object's order, then the first missing or mistyped field in key order.
@Test(arguments: [
    (#"{"id": "t1", "title": "x", "priority": 0, "project": null}"#, #"result: task: missing "displayId""#),
    (#"{"id": "t1", "displayId": 3, "title": 1, "priority": "p", "project": null}"#, #"result: task: missing "done""#),
    (
        #"{"id": "t1", "displayId": 3, "title": 1, "done": false, "priority": "p", "project": null}"#,
        #"result: task: "priority" has the wrong type (string)"#
    ),
    (
        #"{"zz": 1, "id": "t1", "extra": 2, "displayId": 3, "title": "x", "done": false, "priority": 0, "project": null}"#,
        #"result: task: unexpected key "zz""#
    ),
])
func taskProblemsAreReportedInKeyOrder(task: String, message: String) {
    let text = "{\"ok\": true, \"intent\": \"addTask\", \"result\": {\"task\": \(task)}}"
    #expect(ResponseShape.problem(in: text, intent: "addTask") == message)
}

@Test(arguments: [0, 1, 513])
func repeatedTextIsWhatStringRepeatingMakes(_ count: Int) {
    #expect(RepeatedASCII.text("x", count: count) == String(repeating: "x", count: count))
    #expect(
        RepeatedASCII.text("[", count: count, then: "]")
            == String(repeating: "[", count: count) + String(repeating: "]", count: count))
}
