import SimulateCore
import SimulateJSON
import Testing

@testable import SimulateModel

@Suite("Predicates on a device store")
struct PredicateTests {
    /// A store with Home (milk, bread) and Work (report).
    static func makeStore() throws -> ModelStore {
        let layout = StoreLayout(ModelSchema.seeds.current)
        let store = ModelStore(layout: layout, device: Device(id: "phone", index: 0))
        let project = layout.entity(named: "Project")!
        let task = layout.entity(named: "Task")!
        for (id, name) in [("home", "Home"), ("work", "Work")] {
            let object = try store.insert(project, id: id, now: .start)
            store.set(object, field: 0, to: .string(name), now: .start)
        }
        for (id, title, priority, parent) in [
            ("milk", "Milk", 1, "home"), ("bread", "Bread", 3, "home"), ("report", "Report", 2, "work"),
        ] {
            let object = try store.insert(task, id: id, now: .start)
            store.set(object, field: 0, to: .string(title), now: .start)
            store.set(object, field: 2, to: .integer(Int64(priority)), now: .start)
            store.set(object, field: 4, to: .string(store.resolve(parent)!.id), now: .start)
        }
        return store
    }

    static func ids(_ predicate: String, entity: String = "Task") throws -> [String] {
        let store = try makeStore()
        let parsed = try ModelPredicate.parse(JSONParser.parse(Array(predicate.utf8)).root).get()
        let entity = store.layout.entity(named: entity)!
        let evaluator = try PredicateEvaluator(parsed, entity: entity, store: store)
        return store.all(entity).filter(evaluator.matches).map(store.handle)
    }

    @Test(
        "comparisons, key paths and connectives",
        arguments: [
            ("{}", ["bread", "milk", "report"]),
            ("{\"project.name\": \"Home\"}", ["bread", "milk"]),
            ("{\"priority\": {\">=\": 2}}", ["bread", "report"]),
            ("{\"or\": [{\"title\": \"Milk\"}, {\"project\": \"work\"}]}", ["milk", "report"]),
            ("{\"not\": {\"project.@id\": \"home\"}}", ["report"]),
            ("{\"title\": {\"beginsWith\": \"Br\"}, \"priority\": 3}", ["bread"]),
            ("{\"@id\": {\"in\": [\"milk\", \"nope\"]}}", ["milk"]),
        ])
    func matches(predicate: String, expected: [String]) throws {
        #expect(try Self.ids(predicate) == expected)
    }

    @Test("a key path through a to-many relationship fails as SwiftData does")
    func toManyKeyPath() throws {
        #expect(throws: ModelStoreError(.toManyKeyNotAllowed, "to-many key not allowed here", keyPath: "tasks.title")) {
            try Self.ids("{\"tasks.title\": \"Milk\"}", entity: "Project")
        }
    }
}
