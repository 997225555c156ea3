import SimulateCore
import Testing

@testable import SimulateModel

@Suite("Schema and step validation at load time")
struct SchemaLoadingTests {
    @Test("a bad attribute type is reported at its JSON path")
    func badAttributeType() {
        let model = """
            {"schema": {"entities": [{"name": "Task", "attributes": [
              {"name": "title", "type": "string", "default": ""}, {"name": "done", "type": "boolean"}]}]}}
            """
        let errors = ModelScenarioSupport.loadErrors(ModelScenarioSupport.scenario(model: model, expect: "[]"))
        #expect(errors.map(\.path.description) == ["/plugins/model/schema/entities/0/attributes/1/type"])
    }

    @Test("an inverse that does not point back is an error")
    func inverseMismatch() {
        let model = """
            {"schema": {"entities": [
              {"name": "A", "relationships": [{"name": "bs", "destination": "B", "toMany": true, "optional": true, "inverse": "x"}]},
              {"name": "B", "relationships": [{"name": "x", "destination": "B", "optional": true}]}]}}
            """
        let errors = ModelScenarioSupport.loadErrors(ModelScenarioSupport.scenario(model: model, expect: "[]"))
        #expect(errors.map(\.path.description) == ["/plugins/model/schema/entities/0/relationships/0/inverse"])
    }

    @Test(
        "steps are checked against the schema",
        arguments: [
            ("{\"entity\": \"Tsk\"}", "/steps/0/args/entity"),
            ("{\"entity\": \"Task\", \"values\": {\"done\": \"yes\"}}", "/steps/0/args/values/done"),
            ("{\"entity\": \"Task\", \"values\": {\"colour\": 1}}", "/steps/0/args/values/colour"),
        ])
    func stepArguments(args: String, path: String) {
        let steps = "[{\"at\": \"1s\", \"device\": \"phone\", \"do\": \"model.insert\", \"args\": \(args)}]"
        let errors = ModelScenarioSupport.loadErrors(ModelScenarioSupport.scenario(steps: steps, expect: "[]"))
        #expect(errors.map(\.path.description) == [path])
    }

    @Test("a predicate over an unknown key path is a load error; a to-many key path is left for run time")
    func predicateKeyPaths() {
        func errors(_ predicate: String) -> [String] {
            let steps = """
                [{"at": "1s", "device": "phone", "do": "model.fetch", "args": {"entity": "Project", "where": \(predicate)}}]
                """
            return ModelScenarioSupport.loadErrors(ModelScenarioSupport.scenario(steps: steps, expect: "[]"))
                .map(\.path.description)
        }
        #expect(errors("{\"nme\": \"Home\"}") == ["/steps/0/args/where/nme"])
        #expect(errors("{\"tasks.title\": \"Milk\"}") == [])
        #expect(errors("{\"name\": {\"~=\": 1}}") == ["/steps/0/args/where/name"])
    }

    @Test("displayId needs the counter plugin")
    func displayIDNeedsCounter() {
        let errors = ModelScenarioSupport.loadErrors(
            ModelScenarioSupport.scenario(model: "{\"displayId\": true}", expect: "[]"))
        #expect(errors.map(\.path.description) == ["/plugins/model/displayId"])
    }
}
