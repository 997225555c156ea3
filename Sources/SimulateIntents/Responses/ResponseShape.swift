import SimulateJSON

/// The documented response shapes, checked by the `jsonOut` invariant on every response of a run.
enum ResponseShape {
    /// Error codes each intent may answer; an unknown intent answers only `unknownIntent`.
    static func codes(for intent: IntentName?) -> Set<IntentError.Code> {
        guard let intent else { return [.unknownIntent] }
        switch intent {
        case .createProject: return commonCodes
        case .addTask: return addTaskCodes
        case .listTasks: return listTasksCodes
        case .completeTask, .deleteTask: return taskCodes
        }
    }

    // Made once: the shape check reads them for every response.
    private static let commonCodes: Set<IntentError.Code> = [.invalidJSON, .invalidInput, .inputTooLarge, .storeError]
    private static let addTaskCodes = commonCodes.union([.unknownProject, .counterUnavailable, .timeout])
    private static let listTasksCodes = commonCodes.union([.unknownProject])
    private static let taskCodes = commonCodes.union([.unknownTask, .ambiguousTask])

    /// Nil when `text` is strict JSON of the documented shape for a call of `intent`; otherwise what is wrong.
    static func problem(in text: String, intent: String) -> String? {
        switch read(text) {
        case .failure(let problem): problem.description
        case .success(let root): problem(inResponse: root, intent: intent)
        }
    }

    /// What keeps a caller's output from being one strict JSON text (RFC 8259, no duplicate keys).
    struct NotJSON: Error, CustomStringConvertible {
        var description: String
    }

    /// `text` read as one strict JSON text: its root, or why it is not JSON.
    static func read(_ text: String) -> Result<JSON, NotJSON> {
        guard !text.isEmpty else { return .failure(NotJSON(description: "the output is empty, not JSON")) }
        let document: JSONDocument
        do {
            document = try JSONParser.parse(text)
        } catch {
            return .failure(NotJSON(description: "the output is not JSON: \(error)"))
        }
        if let duplicate = document.duplicateKeys.first {
            return .failure(NotJSON(description: "duplicate key \"\(duplicate.key)\" at \(duplicate.path)"))
        }
        return .success(document.root)
    }

    static func problem(inResponse root: JSON, intent: String) -> String? {
        guard let object = root.objectValue else { return "expected an object, found \(root.typeName)" }
        guard let ok = object["ok"]?.boolValue else { return "\"ok\" must be true or false" }
        guard object["intent"] == .string(intent) else { return "\"intent\" must be \"\(intent)\"" }
        let known = IntentName(rawValue: intent)
        if ok {
            guard let known else { return "an unknown intent must answer an error" }
            if let extra = extraKey(object, allowed: ["ok", "intent", "result"]) { return extra }
            guard let result = object["result"] else { return "missing \"result\"" }
            return problem(inResult: result, intent: known).map { "result: \($0)" }
        }
        if let extra = extraKey(object, allowed: ["ok", "intent", "error"]) { return extra }
        guard let error = object["error"]?.objectValue else { return "\"error\" must be an object" }
        return problem(inError: error, intent: known).map { "error: \($0)" }
    }

    private static func problem(inError error: JSONObject, intent: IntentName?) -> String? {
        if let extra = extraKey(error, allowed: ["code", "message", "path", "line", "column"]) { return extra }
        guard let text = error["code"]?.stringValue, let code = IntentError.Code(rawValue: text) else {
            return "\"code\" must be one of the documented codes"
        }
        guard codes(for: intent).contains(code) else {
            return "\(intent?.rawValue ?? "an unknown intent") never answers \(code.rawValue)"
        }
        guard let message = error["message"]?.stringValue, !message.isEmpty else {
            return "\"message\" must be a non-empty string"
        }
        if let path = error["path"], path.stringValue == nil { return "\"path\" must be a string" }
        for key in ["line", "column"] {
            guard let value = error[key] else { continue }
            guard code == .invalidJSON, let number = value.intValue, number >= 1 else {
                return "\"\(key)\" must be a positive integer, and only for invalidJSON"
            }
        }
        return nil
    }

    private static func problem(inResult result: JSON, intent: IntentName) -> String? {
        guard let object = result.objectValue else { return "expected an object" }
        switch intent {
        case .createProject:
            return member(object, "project") { project($0) }
        case .addTask:
            return member(object, "task") { task($0, displayIDRequired: true) }
        case .completeTask:
            return member(object, "task") { task($0, displayIDRequired: false) }
        case .listTasks:
            return member(object, "tasks") { value in
                guard let items = value.arrayValue else { return "expected an array" }
                for (index, item) in items.enumerated() {
                    if let problem = task(item, displayIDRequired: false) { return "\(index): \(problem)" }
                }
                return nil
            }
        case .deleteTask:
            return member(object, "deleted") { value in
                fields(value, [("displayId", { isIntOrNull($0) }), ("id", { isString($0) })])
            }
        }
    }

    private static func project(_ value: JSON) -> String? {
        fields(value, [("id", { isString($0) }), ("name", { isString($0) })])
    }

    private static func task(_ value: JSON, displayIDRequired: Bool) -> String? {
        fields(
            value,
            [
                ("displayId", { displayIDRequired ? isInt($0) : isIntOrNull($0) }), ("done", { isBool($0) }),
                ("id", { isString($0) }), ("priority", { isInt($0) }), ("project", { isStringOrNull($0) }),
                ("title", { isString($0) }),
            ])
    }

    private static func isString(_ value: JSON) -> Bool { value.stringValue != nil }
    private static func isInt(_ value: JSON) -> Bool { value.int64Value != nil }
    private static func isBool(_ value: JSON) -> Bool { value.boolValue != nil }
    private static func isStringOrNull(_ value: JSON) -> Bool { value.stringValue != nil || value.isNull }
    private static func isIntOrNull(_ value: JSON) -> Bool { value.int64Value != nil || value.isNull }

    /// An object with exactly these keys, each passing its check; `checks` in key order (the order
    /// problems are reported in).
    private static func fields(_ value: JSON, _ checks: [(key: String, check: (JSON) -> Bool)]) -> String? {
        assert(zip(checks, checks.dropFirst()).allSatisfy { $0.key < $1.key }, "checks in key order")
        guard let object = value.objectValue else { return "expected an object, found \(value.typeName)" }
        if let extra = extraKey(object, allowed: checks.lazy.map(\.key)) { return extra }
        for (key, check) in checks {
            guard let member = object[key] else { return "missing \"\(key)\"" }
            guard check(member) else { return "\"\(key)\" has the wrong type (\(member.typeName))" }
        }
        return nil
    }

    private static func member(_ object: JSONObject, _ key: String, _ check: (JSON) -> String?) -> String? {
        if let extra = extraKey(object, allowed: [key]) { return extra }
        guard let value = object[key] else { return "missing \"\(key)\"" }
        return check(value).map { "\(key): \($0)" }
    }

    /// `allowed` is a handful of keys: a linear search costs less than hashing them into a set per response.
    private static func extraKey(_ object: JSONObject, allowed: some Sequence<String>) -> String? {
        object.keys.first { !allowed.contains($0) }.map { "unexpected key \"\($0)\"" }
    }
}
