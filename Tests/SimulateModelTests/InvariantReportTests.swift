import SimulateCore
import Testing

@testable import SimulateModel

@Suite("What the invariants report")
struct InvariantReportTests {
    static func violations(_ file: String, _ invariant: String) throws -> [Violation] {
        let result = try ModelScenarioSupport.runFile(ModelScenarioSupport.scenariosDirectory + "/" + file)
        return result.expectations.first { $0.name == invariant }?.violations ?? []
    }

    @Test("a lost update names both values, both devices and both edit times")
    func lostUpdate() throws {
        let violations = try Self.violations("concurrent-offline-edits.json", "model.noLostUpdates")
        #expect(
            violations.map(\.message) == [
                "Task \"milk\".done: true (ipad, edited at 25.000s) was overwritten by false (phone, edited at "
                    + "20.000s) under recordLastWriterWins"
            ])
    }

    @Test("a value saved again after a zone reset without a local edit is reported as such, with no edit time")
    func lostUpdateOfAnUploadWithoutEdit() throws {
        let result = try ModelScenarioSupport.run(
            """
            {"format": 1, "name": "zone deleted, then an offline edit wins", "duration": "2m",
             "devices": [{"id": "phone"}, {"id": "ipad"}],
             "faults": [
               {"at": "20s", "kind": "serverError", "server": "cloudkit", "error": "userDeletedZone"},
               {"at": "15s", "for": "30s", "device": "ipad", "kind": "offline"}],
             "plugins": {"model": {}},
             "steps": [
               {"at": "1s", "device": "phone", "do": "model.insert",
                "args": {"entity": "Task", "id": "milk", "values": {"title": "Milk"}}},
               {"at": "25s", "device": "phone", "do": "model.sync"},
               {"at": "30s", "device": "ipad", "do": "model.update",
                "args": {"entity": "Task", "where": {"@id": "milk"}, "values": {"title": "Oat milk"}}}],
             "expect": [{"invariant": "model.converged"}, {"invariant": "model.noLostUpdates"}]}
            """)
        let violations = result.expectations.first { $0.name == "model.noLostUpdates" }?.violations ?? []
        // The phone's insert at 1 s was acknowledged long before the reset: its upload again carries no edit.
        #expect(
            violations.map(\.message) == [
                "Task \"milk\".title: \"Milk\" (phone, saved without a local edit) was overwritten by "
                    + "\"Oat milk\" (ipad, edited at 30.000s) under recordLastWriterWins"
            ])
        #expect(violations.first?.events.count == 2, "only the iPad's edit and the save are listed")
        #expect(result.expectations.first { $0.name == "model.converged" }?.passed == true)
    }

    @Test("duplicates created concurrently are reported with who created them")
    func duplicates() throws {
        let violations = try Self.violations("concurrent-duplicate-creates.json", "model.uniqueness")
        #expect(violations.count == 1)
        #expect(violations.first?.message.contains("\"Project-phone-1\" (created on phone at 1.000s)") == true)
        #expect(violations.first?.message.contains("\"Project-ipad-1\" (created on ipad at 2.000s)") == true)
    }

    @Test("renames, removals and type changes after deployment are listed; additions are not")
    func migration() {
        let v1 = SchemaVersion(
            name: "v1", isDeployed: true,
            entities: [
                EntitySpec(
                    name: "Task",
                    attributes: [
                        AttributeSpec(name: "title", type: .string, defaultValue: ""),
                        AttributeSpec(name: "done", type: .bool, defaultValue: false),
                    ])
            ])
        let v2 = SchemaVersion(
            name: "v2",
            entities: [
                EntitySpec(
                    name: "Task",
                    attributes: [
                        AttributeSpec(name: "name", type: .string, defaultValue: "", renamedFrom: "title"),
                        AttributeSpec(name: "done", type: .int, defaultValue: 0),
                        AttributeSpec(name: "notes", type: .string, isOptional: true),
                    ])
            ])
        #expect(
            MigrationValidator.validate(ModelSchema(versions: [v1, v2])).map(\.line) == [
                "Task: title renamed to name", "Task: done type changed from bool to int",
            ])
        #expect(
            MigrationValidator.validate(ModelSchema(versions: [SchemaVersion(name: "v1", entities: v1.entities), v2]))
                .isEmpty)
    }

    @Test("what only an undeployed version added may go again; a deployed removal is listed once")
    func migrationAgainstWhatIsDeployed() {
        func version(_ name: String, deployed: Bool = false, _ attributes: [String]) -> SchemaVersion {
            SchemaVersion(
                name: name, isDeployed: deployed,
                entities: [
                    EntitySpec(
                        name: "Task",
                        attributes: attributes.map { AttributeSpec(name: $0, type: .string, isOptional: true) })
                ])
        }
        let v1 = version("v1", deployed: true, ["title"])
        let v2 = version("v2", ["title", "draft"])
        let v3 = version("v3", ["title"])
        #expect(MigrationValidator.validate(ModelSchema(versions: [v1, v2, v3])).isEmpty)
        let v4 = version("v4", [])
        let v5 = version("v5", [])
        let changes = MigrationValidator.validate(ModelSchema(versions: [v1, v2, v3, v4, v5]))
        #expect(changes.map(\.line) == ["Task: title removed"])
        #expect(changes.map(\.version) == ["v4"])
    }
}
