/// An intent's error as the app encodes it: `{"code", "message", "path"?}`.
struct IntentFailure: Error {
    enum Code: String {
        case invalidJSON, invalidInput, unknownIntent, inputTooLarge, unknownProject, unknownTask, ambiguousTask
        case counterUnavailable, timeout
    }

    var code: Code
    var message: String
    var path: String?

    init(_ code: Code, _ message: String, path: String? = nil) {
        self.code = code
        self.message = message
        self.path = path
    }

    var json: [String: Any] {
        var object: [String: Any] = ["code": code.rawValue, "message": message]
        if let path { object["path"] = path }
        return object
    }
}

/// The app's intents and the fields each takes.
enum IntentName: String {
    case createProject, addTask, listTasks, completeTask, deleteTask

    var fields: Set<String> {
        switch self {
        case .createProject: ["name", "id"]
        case .addTask: ["project", "title", "priority"]
        case .listTasks: ["project", "includeDone"]
        case .completeTask, .deleteTask: ["task", "displayId"]
        }
    }
}

/// JSON written by string interpolation, unescaped: a quote in user text breaks it.
enum Interpolated {
    static func text(_ value: Any) -> String {
        switch value {
        case let text as String: "\"\(text)\""
        case let flag as Bool: flag ? "true" : "false"
        case let number as Int: "\(number)"
        case let object as [String: Any]:
            "{" + object.keys.sorted().map { "\"\($0)\": \(text(object[$0]!))" }.joined(separator: ", ") + "}"
        case let items as [Any]: "[" + items.map(text).joined(separator: ", ") + "]"
        default: "null"
        }
    }
}
