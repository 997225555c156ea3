import Observation
import SimulateCore
import SimulateSSE
import Testing

/// When the plugin reads an app component's list: an `@Observable` one whenever Observation reports a
/// change, any other one whenever something happens on the device (here: a user action).
private protocol ScriptedList: PunchlistClientComponent {
    var shownItems: [PunchItem] { get set }
}

extension ScriptedList {
    var isConnected: Bool { false }
    var showsOfflineIndicator: Bool { false }
    func add(text: String) async {}
    func toggle(itemID: String) async {}
    func open(itemID: String) async {}
    func close(itemID: String) async {}
    func bump(itemID: String) async {}
    func delete(itemID: String) async {}
}

private final class PlainList: ScriptedList {
    var shownItems: [PunchItem] = []
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
@Observable
private final class ObservedList: ScriptedList, @unchecked Sendable {
    var shownItems: [PunchItem] = []
}

/// A component whose list the scenario's clock changes: "a" at 1 s, "a" and "b" at 1.5 s. Its actions do
/// nothing, and it never connects.
private func scripted(_ make: @escaping @Sendable () -> any ScriptedList) -> SSEPlugin {
    SSEPlugin(appClients: [
        "scripted": AppComponentFactory { context, _ in
            let component = make()
            let a = PunchItem(id: "local-a", text: "a", created: "")
            let b = PunchItem(id: "local-b", text: "b", created: "")
            context.scheduler.schedule(at: VirtualInstant(nanoseconds: 1_000_000_000)) { component.shownItems = [a] }
            context.scheduler.schedule(at: VirtualInstant(nanoseconds: 1_500_000_000)) {
                component.shownItems = [a, b]
            }
            return AppComponentInstance(component: component, perform: { _ in })
        }
    ])
}

private func run(_ plugin: SSEPlugin, steps: String) throws -> RunResult {
    let registry = PluginRegistry([plugin])
    let scenario = try ScenarioLoader(registry: registry).load(
        text: SSEScenario.text(
            duration: "5s", configuration: "{\"client\": \"scripted\"}",
            rest: """
                "steps": [\(steps)],
                "expect": [
                  {"check": "sse.items", "at": "1.2s", "device": "phone", "equals": [{"text": "a", "done": false}]},
                  {"check": "sse.items", "at": "3s", "device": "phone",
                   "equals": [{"text": "a", "done": false}, {"text": "b", "done": false}]}
                ]
                """))
    return SimulationRunner(registry: registry).run(scenario)
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
@Test func anObservableComponentsListIsReadWheneverItChanges() throws {
    let result = try run(scripted { ObservedList() }, steps: "")
    #expect(result.failures == [])
}

@Test func anyOtherComponentsListIsReadAgainAtEveryUserAction() throws {
    let actions = """
        {"at": "1.1s", "device": "phone", "do": "sse.add", "args": {"text": "x"}},
        {"at": "2s", "device": "phone", "do": "sse.add", "args": {"text": "y"}}
        """
    let result = try run(scripted { PlainList() }, steps: actions)
    #expect(result.failures == [])
    // Without the actions, nothing tells the plugin to read it: the screen it judges stays empty.
    let unread = try run(scripted { PlainList() }, steps: "")
    #expect(unread.failures.count == 2)
}
