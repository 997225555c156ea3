import SimulateCore
import SimulateJSON
import SimulateModel

/// Load-time checks that the model plugin's configuration (as the loader decoded it, at `path`) suits
/// the intents.
enum ModelCompatibility {
    static func check(_ configuration: ModelConfiguration, at path: JSONPath, diagnostics: Diagnostics) {
        if configuration.displayID != nil {
            diagnostics.error(
                "the intents' addTask allocates each task's displayId itself; with model displayId set too, every "
                    + "task would take a second id: remove \"displayId\" here", at: path / "displayId")
        }
        let schema = configuration.schema.current
        for problem in problems(schema) {
            diagnostics.error("the intents need the seeds' Project and Task: \(problem)", at: path / "schema")
        }
    }

    /// What the intents read and write: Project.name, Task.title/done/priority/displayId and Task.project.
    private static func problems(_ schema: SchemaVersion) -> [String] {
        let needs: [(String, String, AttributeType)] = [
            ("Project", "name", .string), ("Task", "title", .string), ("Task", "done", .bool),
            ("Task", "priority", .int), ("Task", "displayId", .int),
        ]
        var problems: [String] = []
        for (entity, attribute, type) in needs {
            guard let spec = schema.entity(named: entity) else {
                if !problems.contains("no entity \(entity)") { problems.append("no entity \(entity)") }
                continue
            }
            guard let found = spec.attribute(named: attribute), found.type == type, !found.isArray else {
                problems.append("\(entity).\(attribute) must be a \(type.rawValue) attribute")
                continue
            }
        }
        let link = schema.entity(named: "Task")?.relationship(named: "project")
        if schema.entity(named: "Task") != nil, link?.destination != "Project" || link?.isToMany == true {
            problems.append("Task.project must be a to-one relationship to Project")
        }
        return problems
    }
}
