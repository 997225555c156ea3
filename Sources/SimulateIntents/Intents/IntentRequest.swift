import SimulateJSON

/// The intents the plugin offers, by the names callers pass.
package enum IntentName: String, Sendable, CaseIterable {
    /// Creates a project.
    case createProject
    /// Adds a task to a project, with a displayId from the counter.
    case addTask
    /// Lists a project's tasks.
    case listTasks
    /// Marks a task done.
    case completeTask
    /// Deletes a task.
    case deleteTask

    static var list: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// A task named by its record id or by its displayId.
enum TaskReference: Equatable {
    case id(String)
    case displayID(Int)
}

/// One intent call with a checked input.
enum IntentRequest: Equatable {
    case createProject(name: String, id: String?)
    case addTask(project: String, title: String, priority: Int)
    case listTasks(project: String?, includeDone: Bool)
    case completeTask(TaskReference)
    case deleteTask(TaskReference)

    static let priorityRange = 0...1000
    static let displayIDRange = 0...Int(Int32.max)

    /// Checks the input against the intent's documented fields; the first problem is the answer.
    static func decode(_ intent: IntentName, _ input: JSONObject) -> Result<IntentRequest, IntentError> {
        let request: IntentRequest?
        let fields: InputFields
        switch intent {
        case .createProject:
            fields = InputFields(input, required: ["name"], optional: ["id"])
            let name = fields.text("name")
            let id = fields.id("id")
            request = name.map { .createProject(name: $0, id: id) }
        case .addTask:
            fields = InputFields(input, required: ["project", "title"], optional: ["priority"])
            let project = fields.id("project")
            let title = fields.text("title")
            let priority = fields.int("priority", range: priorityRange) ?? 0
            request = project.flatMap { project in
                title.map { .addTask(project: project, title: $0, priority: priority) }
            }
        case .listTasks:
            fields = InputFields(input, required: [], optional: ["project", "includeDone"])
            let project = fields.id("project")
            request = .listTasks(project: project, includeDone: fields.bool("includeDone") ?? true)
        case .completeTask, .deleteTask:
            fields = InputFields(input, required: [], optional: ["task", "displayId"])
            let reference = taskReference(fields)
            request = reference.map { intent == .completeTask ? .completeTask($0) : .deleteTask($0) }
        }
        if let error = fields.finish() { return .failure(error) }
        guard let request else { return .failure(IntentError(.invalidInput, "invalid input", path: "")) }
        return .success(request)
    }

    /// Exactly one of `task` (an id) and `displayId`.
    private static func taskReference(_ fields: InputFields) -> TaskReference? {
        switch (fields.has("task"), fields.has("displayId")) {
        case (true, true):
            _ = fields.id("task")
            _ = fields.int("displayId", range: displayIDRange)
            fields.fail("give either \"task\" or \"displayId\", not both", at: "displayId")
            return nil
        case (false, false):
            _ = fields.id("task")
            _ = fields.int("displayId", range: displayIDRange)
            fields.fail("missing required field \"task\" (a task id) or \"displayId\" (an integer)", at: "task")
            return nil
        case (true, false):
            _ = fields.int("displayId", range: displayIDRange)
            return fields.id("task").map { .id($0) }
        case (false, true):
            _ = fields.id("task")
            return fields.int("displayId", range: displayIDRange).map { .displayID($0) }
        }
    }
}
