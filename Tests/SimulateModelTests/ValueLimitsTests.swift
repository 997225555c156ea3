import SimulateCore
import Testing

@testable import SimulateModel

@Suite("Dates that exist, and error messages of bounded size")
struct ValueLimitsTests {
    private static func insertErrors(_ values: String) -> [ScenarioDiagnostic] {
        let model =
            "{\"schema\": {\"entities\": [{\"name\": \"Note\", \"attributes\": [{\"name\": \"at\", \"type\": \"date\", \"optional\": true}]}]}}"
        let steps = """
            [{"at": "1s", "device": "phone", "do": "model.insert",
              "args": {"entity": "Note", "values": \(values)}}]
            """
        return ModelScenarioSupport.loadErrors(ModelScenarioSupport.scenario(model: model, steps: steps, expect: "[]"))
    }

    @Test(
        "impossible dates are load errors at their line, column and path",
        arguments: [
            "2025-13-45T99:99:99Z", "2025-02-29T00:00:00Z", "2025-04-31T12:00:00Z", "2025-01-01T24:00:00Z",
            "2025-01-01T23:60:00Z", "2025-01-01T23:59:60Z", "2025-00-10T00:00:00Z", "2025-01-00T00:00:00Z",
        ])
    func impossibleDate(text: String) throws {
        let errors = Self.insertErrors("{\"at\": \"\(text)\"}")
        let error = try #require(errors.first)
        #expect(errors.count == 1)
        #expect(error.path.description == "/steps/0/args/values/at")
        #expect(error.location?.line == 3)
        #expect(error.location?.column != nil)
        #expect(error.message.contains(text))
    }

    @Test(
        "real dates, 29 February of leap years included, are accepted",
        arguments: [
            "2024-02-29T23:59:59Z", "2000-02-29T00:00:00.5Z", "2025-12-31T00:00:00Z", "2025-04-30T12:00:00Z",
        ])
    func realDate(text: String) {
        #expect(Self.insertErrors("{\"at\": \"\(text)\"}").isEmpty)
        #expect(ValueCoding.isDate(text))
    }

    @Test("a 300 KB name is quoted in a few dozen characters")
    func hugeNameIsBounded() throws {
        let name = String(repeating: "A", count: 300_000)
        let steps =
            "[{\"at\": \"1s\", \"device\": \"phone\", \"do\": \"model.insert\", \"args\": {\"entity\": \"\(name)\"}}]"
        let errors = ModelScenarioSupport.loadErrors(ModelScenarioSupport.scenario(steps: steps, expect: "[]"))
        let error = try #require(errors.first)
        #expect(error.message.count < 300)
        #expect(error.message.contains("(300000 characters)"))
        #expect(BoundedQuote.quote("short") == "\"short\"")
    }
}
