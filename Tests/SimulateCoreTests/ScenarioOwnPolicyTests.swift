import SimulateCore
import SimulateJSON
import Testing

/// `keepInvariantsOnly()` and `state(_:for:)`: a scenario judged for a component with a policy of its own.
@Suite struct ScenarioOwnPolicyTests {
    static let text = """
        {"format": 1, "name": "p", "duration": "1s", "devices": [{"id": "phone"}], "plugins": {"probe": {}},
         "expect": [{"invariant": "probe.holds"}, {"invariant": "probe.fails", "violated": true},
                    {"check": "probe.served", "at": "end", "equals": 0}, {"invariant": "probe.holds"}]}
        """

    @Test func keepsTheInvariantsThatMustHoldAndStatesArgumentsOverTheFilesOwn() throws {
        var scenario = try Probe.loader.load(text: Self.text, file: "p.json")
        scenario.keepInvariantsOnly()
        #expect(scenario.expectations?.map(\.qualifiedName) == ["probe.holds", "probe.holds"])
        scenario.state(["a": 2, "b": "x"], for: "probe.holds")
        #expect(scenario.expectations?.map(\.args) == [["a": 2, "b": "x"], ["a": 2, "b": "x"]])
        scenario.state(["a": 3], for: "probe.holds")
        #expect(scenario.expectations?.first?.args == ["a": 3, "b": "x"])
    }
}
