import SimulateCore
import SimulateJSON
import Testing

@testable import SimulateModel

@Suite("Delete rules and the store service")
struct StoreServiceTests {
    @Test("deleting a project cascades to its tasks; deleting a task leaves the project")
    func cascade() throws {
        let store = try PredicateTests.makeStore()
        _ = try store.delete(store.resolve("milk")!, now: VirtualInstant(nanoseconds: 1))
        #expect(
            store.toManyTargets(store.resolve("home")!, store.layout.entity(named: "Project")!.toMany[0]).map(
                store.handle) == [
                    "bread"
                ])
        let deleted = try store.delete(store.resolve("home")!, now: VirtualInstant(nanoseconds: 2))
        #expect(deleted.map(store.handle).sorted() == ["bread", "home"])
        #expect(store.resolve("report") != nil)
    }

    @Test("a deny rule refuses the delete while the relationship is not empty")
    func deny() throws {
        var schema = ModelSchema.seeds
        schema.versions[0].entities[0].relationships[0].deleteRule = .deny
        let layout = StoreLayout(schema.current)
        let store = ModelStore(layout: layout, device: Device(id: "phone", index: 0))
        let project = try store.insert(layout.entity(named: "Project")!, id: "home", now: .start)
        let task = try store.insert(layout.entity(named: "Task")!, id: "milk", now: .start)
        store.set(task, field: 4, to: .string(project.id), now: .start)
        #expect(throws: ModelStoreError.self) { try store.delete(project, now: VirtualInstant(nanoseconds: 1)) }
        #expect(store.resolve("home") != nil)
    }

    @Test("errors come back as values through the service, in JSON")
    func serviceErrors() throws {
        let result = try ModelScenarioSupport.run(
            ModelScenarioSupport.scenario(
                devices: ["phone"], duration: "5s",
                steps: """
                    [{"at": "1s", "device": "phone", "do": "model.insert", "args": {"entity": "Task", "values": {"project": {"where": {"name": "Nope"}}}}}]
                    """,
                expect: """
                    [{"at": "end", "device": "phone", "check": "model.lastError", "equals":
                      {"code": "notFound", "message": "no Project matches the \\"where\\" of project", "keyPath": "project"}},
                     {"at": "end", "device": "phone", "check": "model.count", "equals": 0}]
                    """))
        #expect(ModelScenarioSupport.failures(result) == [])
    }
}
