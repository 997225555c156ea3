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
