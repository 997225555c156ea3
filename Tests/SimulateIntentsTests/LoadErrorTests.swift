import Foundation
import SimulateCore
import SimulateIntents
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

@Test func invariantArgumentsAreTypedAtLoad() throws {
    let text = """
        {"format": 1, "name": "t", "duration": "1s", "devices": [{"id": "phone"}], "plugins": \(all),
         "expect": [{"invariant": "intents.jsonOut", "args": {"allowPending": true}},
                    {"check": "intents.pending", "at": "end", "equals": 0}]}
        """
    let scenario = try ScenarioLoader(registry: registry).load(text: text)
    let expectations = try #require(scenario.expectations)
    let invariant = scenario.value(ofExpectation: expectations[0], at: 0, as: IntentsInvariant.self)
    guard case .jsonOut(let arguments)? = invariant else {
        Issue.record("expected intents.jsonOut, got \(String(describing: invariant))")
        return
    }
    #expect(arguments.allowPending)
    let observable = scenario.value(ofExpectation: expectations[1], at: 1, as: IntentsObservable.self)
    #expect(observable.map { if case .pending = $0 { true } else { false } } == true)
    let bad = text.replacingOccurrences(of: "{\"allowPending\": true}", with: "{\"allowPending\": 1}")
    #expect(loadErrors(bad) == ["/expect/0/args/allowPending: expected true or false, found number"])
}

@Test func theModelChecksHoldWhicheverOrderThePluginsAreListedIn() {
    let errors = loadErrors(file(plugins: "{\"intents\": {}, \"counter\": {}, \"model\": {\"displayId\": true}}"))
    #expect(errors.contains { $0.hasPrefix("/plugins/model/displayId: the intents' addTask allocates") })
}
