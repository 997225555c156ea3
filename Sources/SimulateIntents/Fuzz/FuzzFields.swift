import SimulateJSON

/// The fields of each intent, for mutating a valid-looking input.
enum FuzzFields {
    enum FieldType { case text, id, int, bool }

    struct Field {
        var name: String
        var type: FieldType
        var required: Bool
    }

    static func fields(_ intent: IntentName) -> [Field] {
        switch intent {
        case .createProject:
            [Field(name: "name", type: .text, required: true), Field(name: "id", type: .id, required: false)]
        case .addTask:
            [
                Field(name: "project", type: .id, required: true), Field(name: "title", type: .text, required: true),
                Field(name: "priority", type: .int, required: false),
            ]
        case .listTasks:
            [
                Field(name: "project", type: .id, required: false),
                Field(name: "includeDone", type: .bool, required: false),
            ]
        case .completeTask, .deleteTask: [Field(name: "task", type: .id, required: true)]
        }
    }

    /// A well-typed input that names only objects that do not exist.
    static func base(_ intent: IntentName, missingID: String) -> JSONObject {
        switch intent {
        case .createProject: ["name": "Fuzz project"]
        case .addTask: ["project": .string(missingID), "title": "Fuzz task", "priority": 1]
        case .listTasks: ["project": .string(missingID), "includeDone": true]
        case .completeTask, .deleteTask: ["task": .string(missingID)]
        }
    }

    /// A value of another JSON type than the field's (never `null` for an optional field: that is the
    /// field left out, as `JSONDecoder` reads an optional).
    static func wrongValue(for field: Field, choice: Int) -> JSON {
        let value = wrongValue(for: field.type, choice: choice)
        return value.isNull && !field.required ? wrongValue(for: field.type, choice: choice + 1) : value
    }

    private static func wrongValue(for type: FieldType, choice: Int) -> JSON {
        let pool: [JSON]
        switch type {
        case .text, .id: pool = [42, 1.5, true, .null, ["a"], ["a": 1]]
        case .int: pool = ["1", 2.5, false, .null, [1], 1e30]
        case .bool: pool = ["true", 1, .null, [true], ["on": true]]
        }
        return pool[choice % pool.count]
    }

    /// A value of the right JSON type that the intent must still refuse.
    static func badValue(_ intent: IntentName, choice: Int) -> (key: String, value: JSON) {
        let options: [(key: String, value: JSON)]
        switch intent {
        case .createProject: options = badProjectValues
        case .addTask: options = badTaskValues
        case .listTasks: options = [("project", ""), ("project", "bad id!")]
        case .completeTask, .deleteTask:
            options = [("displayId", -1), ("displayId", 3_000_000_000), ("task", "bad id!"), ("displayId", 7)]
        }
        return options[choice % options.count]
    }

    /// Made once: each holds a 501-character string.
    private static let badProjectValues: [(key: String, value: JSON)] = [
        ("name", ""), ("name", "   \n\t"), ("name", .string(RepeatedASCII.text("n", count: 501))),
        ("id", "1starts-with-a-digit"), ("id", "has space"),
    ]
    private static let badTaskValues: [(key: String, value: JSON)] = [
        ("title", ""), ("title", .string(RepeatedASCII.text("t", count: 501))), ("priority", -1),
        ("priority", 1001), ("project", "not/an id"),
    ]
}
