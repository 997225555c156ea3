import SimulateCore
import Testing

@testable import SimulateModel

/// docs/model.md: which versions are validated, and the rules beyond Core Data's six groups.
@Suite struct SchemaRuleTests {
    /// v1 has a non-optional attribute without a default; v2, the loaded version, fixes it.
    static let plan = """
        {"versions": [
          {"name": "v1", "entities": [{"name": "Item", "attributes": [{"name": "title", "type": "string"}]}]},
          {"name": "v2", "entities": [{"name": "Item", "attributes": [{"name": "title", "type": "string", "default": ""}]}]}
        ]}
        """

    static func schemaResult(_ model: String) throws -> RunResult {
        try ModelScenarioSupport.run(
            ModelScenarioSupport.scenario(
                duration: "5s", model: model,
                steps: """
                    [{"at": "1s", "device": "phone", "do": "model.insert", "args": {"entity": "Item", "values": {}}}]
                    """,
                expect: """
                    [{"invariant": "model.schema"}, {"at": "end", "device": "phone", "check": "model.lastError", "equals": null}]
                    """))
    }

    @Test func everyVersionIsValidatedByDefault() throws {
        let result = try Self.schemaResult("{\"schema\": \(Self.plan)}")
        let messages = result.expectations.flatMap(\.violations).map(\.message)
        #expect(!result.passed)
        #expect(messages.contains { $0.contains("Item: title") })
    }

    /// `"validateVersions": "current"` checks only the loaded version: the store loads. A validator that
    /// ignored the setting would still fail the run.
    @Test func currentValidatesOnlyTheLoadedVersion() throws {
        let result = try Self.schemaResult("{\"schema\": \(Self.plan), \"validateVersions\": \"current\"}")
        #expect(result.passed, "\(ModelScenarioSupport.failures(result))")
    }

    /// An Undefined attribute ("Creating a Core Data Model for CloudKit") stops the store from loading.
    @Test func anUndefinedAttributeIsReportedAndTheStoreDoesNotLoad() throws {
        let schema = """
            {"schema": {"entities": [{"name": "Item", "attributes": [
              {"name": "title", "type": "string", "default": ""}, {"name": "blob", "type": "undefined", "optional": true},
              {"name": "link", "type": "objectID", "optional": true}]}]}}
            """
        let result = try Self.schemaResult(schema)
        let messages = result.expectations.flatMap(\.violations).map(\.message)
        #expect(
            messages.contains(
                CloudKitModelValidator.header(.attributeTypes) + "\nItem: blob - Undefined\nItem: link - Object ID"))
        #expect(result.expectations.last?.observed?["code"] == "storeLoadFailed")
    }

    /// A relationship to an entity outside `configurationEntities` is reported; the rest passes.
    @Test func aRelationshipOutOfTheConfigurationIsReported() throws {
        let result = try ModelScenarioSupport.run(
            ModelScenarioSupport.scenario(
                model: "{\"configurationEntities\": [\"Task\"]}", expect: "[{\"invariant\": \"model.schema\"}]"))
        let messages = result.expectations.flatMap(\.violations).map(\.message)
        #expect(messages == [ConfigurationCheck.header + "\nTask: project - Project"])
    }

    @Test(arguments: [
        ("{\"configurationEntities\": [\"Tasks\"]}", "/plugins/model/configurationEntities/0"),
        ("{\"configurationEntities\": []}", "/plugins/model/configurationEntities"),
        ("{\"validateVersions\": \"first\"}", "/plugins/model/validateVersions"),
        (
            "{\"schema\": {\"entities\": [{\"name\": \"A\", \"attributes\": [{\"name\": \"x\", \"type\": \"[undefined]\"}]}]}}",
            "/plugins/model/schema/entities/0/attributes/0/type"
        ),
    ])
    func badSchemaSettingsAreRejectedAtTheirPath(model: String, path: String) {
        let errors = ModelScenarioSupport.loadErrors(ModelScenarioSupport.scenario(model: model, expect: "[]"))
        #expect(errors.map(\.path.description) == [path], "\(errors.map(\.description))")
    }
}
