import SimulateCore
import SimulateJSON
import Testing

@testable import SimulateModel

/// The model's step values, invariant and observable arguments are decoded and checked once, when the
/// scenario loads: a mistake is a located load error, and the run receives typed values.
@Suite("Model arguments typed at load")
struct TypedArgumentsTests {
    private static func errors(steps: String = "[]", expect: String = "[]") -> [ScenarioDiagnostic] {
        ModelScenarioSupport.loadErrors(ModelScenarioSupport.scenario(steps: steps, expect: expect))
    }

    private static func insert(_ values: String) -> String {
        """
        [{"at": "1s", "device": "phone", "do": "model.insert",
          "args": {"entity": "Task", "values": \(values)}}]
        """
    }

    @Test(
        "a value of the wrong type is a load error at its line, column and path",
        arguments: [
            ("{\"title\": 5}", "/steps/0/args/values/title", "expected a string"),
            ("{\"done\": \"yes\"}", "/steps/0/args/values/done", "true or false"),
            ("{\"priority\": 1.5}", "/steps/0/args/values/priority", "an integer"),
            ("{\"project\": 7}", "/steps/0/args/values/project", "to-one"),
            ("{\"project\": {\"where\": {\"nope\": 1}}}", "/steps/0/args/values/project/where/nope", "nope"),
            ("{\"colour\": \"red\"}", "/steps/0/args/values/colour", "no property"),
        ])
    func badValue(values: String, path: String, message: String) throws {
        let errors = Self.errors(steps: Self.insert(values))
        let error = try #require(errors.first)
        #expect(errors.count == 1)
        #expect(error.path.description == path)
        #expect(error.location?.line == 3)
        #expect(error.location?.column != nil)
        #expect(error.message.contains(message), "\(error.message)")
    }

    @Test("values are coerced to their attribute types when the scenario loads, not when the step runs")
    func valuesAreTypedAtLoad() throws {
        let text = ModelScenarioSupport.scenario(
            steps: Self.insert("{\"title\": \"Milk\", \"priority\": 2.0, \"project\": null}"), expect: "[]")
        let scenario = try ScenarioLoader(registry: ModelScenarioSupport.registry).load(text: text, file: "t.json")
        let action = try #require(scenario.action(ofStep: 0, as: ModelAction.self))
        let typed = try #require(action.typedValues)
        #expect(typed.members.count == 3)
        #expect(typed.members[0] == .attribute(name: "title", value: "Milk"))
        #expect(typed.members[1] == .attribute(name: "priority", value: .integer(2)))
        guard case .relationship(let relationship, .none) = typed.members[2] else {
            Issue.record("expected the project relationship set to none, got \(typed.members[2])")
            return
        }
        #expect(relationship.name == "project")
    }

    @Test("a relationship target the device lacks is left for the run: model.lastError, not a load error")
    func missingTargetIsARunTimeError() throws {
        let steps = """
            [{"at": "1s", "device": "phone", "do": "model.insert",
              "args": {"entity": "Task", "values": {"title": "x", "project": "p404"}}}]
            """
        let expect = """
            [{"check": "model.lastError", "at": "2s", "device": "phone",
              "equals": {"code": "notFound", "message": "no Project \\"p404\\" on this device (for project)",
                         "keyPath": "project"}}]
            """
        let result = try ModelScenarioSupport.run(ModelScenarioSupport.scenario(steps: steps, expect: expect))
        #expect(ModelScenarioSupport.failures(result).isEmpty, "\(ModelScenarioSupport.failures(result))")
    }

    @Test(
        "a bad model invariant or observable argument is a load error at its path",
        arguments: [
            (
                "[{\"invariant\": \"model.uniqueness\", \"args\": {\"keys\": \"Task\"}}]", "/expect/0/args/keys",
                "expected an array"
            ),
            (
                "[{\"invariant\": \"model.uniqueness\", \"args\": {\"keys\": [{\"entity\": \"Nope\", \"attributes\": [\"a\"]}]}}]",
                "/expect/0/args/keys/0/entity", "unknown entity"
            ),
            (
                "[{\"invariant\": \"model.uniqueness\", \"args\": {\"keys\": [{\"entity\": \"Task\", \"attributes\": [\"title\", \"nope\"]}]}}]",
                "/expect/0/args/keys/0/attributes/1", "Task has no attribute \"nope\""
            ),
            (
                "[{\"invariant\": \"model.uniqueness\", \"args\": {\"keys\": [{\"entity\": \"Task\", \"attributes\": []}]}}]",
                "/expect/0/args/keys/0/attributes", "non-empty"
            ),
            (
                "[{\"invariant\": \"model.converged\", \"args\": {\"strict\": true}}]", "/expect/0/args/strict",
                "unknown"
            ),
            (
                "[{\"check\": \"model.objects\", \"at\": \"1s\", \"device\": \"phone\", \"equals\": []}]",
                "/expect/0/args", "entity"
            ),
            (
                "[{\"check\": \"model.count\", \"at\": \"1s\", \"device\": \"phone\", \"args\": {\"entity\": \"Nope\"}, \"equals\": 0}]",
                "/expect/0/args/entity", "unknown entity"
            ),
            (
                "[{\"check\": \"model.serverObjects\", \"at\": \"1s\", \"args\": {\"entity\": 3}, \"equals\": []}]",
                "/expect/0/args/entity", "expected"
            ),
        ])
    func badExpectationArgument(expect: String, path: String, message: String) throws {
        let errors = Self.errors(expect: expect)
        let error = try #require(errors.first)
        #expect(error.path.description == path, "\(errors)")
        #expect(error.location?.line != nil)
        #expect(error.message.contains(message), "\(error.message)")
    }

    @Test("invariant and observable arguments arrive typed")
    func expectationsAreTyped() throws {
        let text = ModelScenarioSupport.scenario(
            expect: """
                [{"invariant": "model.uniqueness", "args": {"keys": [{"entity": "Task", "attributes": ["title"]}]}},
                 {"check": "model.count", "at": "1s", "device": "phone", "args": {"entity": "Task"}, "equals": 0}]
                """)
        let scenario = try ScenarioLoader(registry: ModelScenarioSupport.registry).load(text: text, file: "t.json")
        let expectations = try #require(scenario.expectations)
        let invariant = scenario.value(ofExpectation: expectations[0], at: 0, as: ModelInvariant.self)
        guard case .uniqueness(let arguments)? = invariant else {
            Issue.record("expected model.uniqueness, got \(String(describing: invariant))")
            return
        }
        #expect(arguments.keys == [ModelConfiguration.UniqueKey(entity: "Task", attributes: ["title"])])
        let observable = scenario.value(ofExpectation: expectations[1], at: 1, as: ModelObservable.self)
        #expect(observable?.entity == "Task")
    }

    @Test(
        "the model configuration, declared once, reports each bad key at its path",
        arguments: [
            (
                "{\"uniqueKeys\": [{\"entity\": \"Task\", \"attributes\": [\"nope\"]}]}",
                "/plugins/model/uniqueKeys/0/attributes/0", "Task has no attribute \"nope\""
            ),
            (
                "{\"uniqueKeys\": [{\"entity\": \"Nope\", \"attributes\": [\"a\"]}]}",
                "/plugins/model/uniqueKeys/0/entity", "unknown entity"
            ),
            ("{\"displayId\": {\"attribute\": \"title\"}}", "/plugins/model/displayId", "must be an int attribute"),
            ("{\"displayId\": 3}", "/plugins/model/displayId", "true, false or an object"),
            ("{\"periodicSync\": \"500us\"}", "/plugins/model/periodicSync", "at least 1ms"),
            ("{\"exportBatchSize\": 401}", "/plugins/model/exportBatchSize", "401"),
            ("{\"importOrder\": \"random\"}", "/plugins/model/importOrder", "random"),
            ("{\"push\": {\"delay\": {\"min\": \"2s\", \"max\": \"1s\"}}}", "/plugins/model/push/delay", "below"),
            ("{\"conflictPolicy\": \"lww\"}", "/plugins/model/conflictPolicy", "lww"),
            ("{\"syncOnReconect\": true}", "/plugins/model/syncOnReconect", "unknown"),
        ])
    func badConfiguration(model: String, path: String, message: String) throws {
        let text = ModelScenarioSupport.scenario(
            model: model, expect: "[{\"invariant\": \"model.converged\"}]")
        let errors = ModelScenarioSupport.loadErrors(text)
        let error = try #require(errors.first)
        #expect(error.path.description == path, "\(errors)")
        #expect(error.location?.line != nil)
        #expect(error.message.contains(message), "\(error.message)")
    }
}
