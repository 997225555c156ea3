import SimulateCore
import SimulateJSON
import Testing

private func loadErrors(_ text: String) -> [String] {
    do {
        _ = try ScenarioLoader(registry: registry).load(text: text)
        return []
    } catch {
        return error.diagnostics.map { "\($0.path): \($0.message)" }
    }
}

private func file(
    plugins: String, args: String = "{\"intent\": \"listTasks\", \"input\": \"{}\"}", action: String = "call"
)
    -> String
{
    """
    {"format": 1, "name": "t", "duration": "1s", "devices": [{"id": "phone"}], "plugins": \(plugins),
     "steps": [{"at": "0s", "device": "phone", "do": "intents.\(action)", "args": \(args)}]}
    """
}

private let all = "{\"model\": {}, \"counter\": {}, \"intents\": {}}"

@Test func inputMustBeAString() {
    let errors = loadErrors(file(plugins: all, args: "{\"intent\": \"listTasks\", \"input\": {}}"))
    #expect(errors == ["/steps/0/args/input: expected a string, found object"])
}

@Test func unknownIntentIsNotALoadError() {
    #expect(loadErrors(file(plugins: all, args: "{\"intent\": \"nope\", \"input\": \"{}\"}")) == [])
}

@Test func fuzzArgumentsAreChecked() {
    let errors = loadErrors(file(plugins: all, args: "{\"count\": 0, \"kinds\": [\"nope\"]}", action: "fuzz"))
    #expect(errors.count == 2)
    #expect(errors.contains { $0.hasPrefix("/steps/0/args/kinds/0: unknown fuzz kind") })
}

@Test func modelAndCounterMustBeEnabled() {
    let errors = loadErrors(file(plugins: "{\"intents\": {}}"))
    #expect(errors.contains { $0.contains("needs plugin \"model\"") })
    #expect(errors.contains { $0.contains("needs plugin \"counter\"") })
}

@Test func modelDisplayIDWouldAllocateTwice() {
    let errors = loadErrors(file(plugins: "{\"model\": {\"displayId\": true}, \"counter\": {}, \"intents\": {}}"))
    #expect(errors.contains { $0.hasPrefix("/plugins/model/displayId: the intents' addTask allocates") })
}
