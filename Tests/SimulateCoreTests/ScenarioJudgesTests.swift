import SimulateCore
import SimulateJSON
import Testing

/// `"judges"`: what a scenario's expectations are about, and the skip it causes.
@Suite struct ScenarioJudgesTests {
    static func text(_ judges: String, client: String = "reference") -> String {
        """
        {"format": 1, "name": "j", "duration": "1s",
         "judges": \(judges),
         "devices": [{"id": "phone"}], "plugins": {"probe": {"client": "\(client)"}},
         "expect": [{"invariant": "probe.holds"}]}
        """
    }

    func errors(_ judges: String) -> [String] {
        do {
            _ = try Probe.loader.load(text: Self.text(judges), file: "j.json")
            return []
        } catch {
            return error.diagnostics.map { "\($0.path) \($0.location?.description ?? "?") \($0.message)" }
        }
    }

    @Test func loadsBothFormsAndWritesThemBack() throws {
        let behaviour = try Probe.loader.load(text: Self.text(#""behaviour""#), file: "j.json")
        #expect(behaviour.judges == .behaviour)
        let reference = try Probe.loader.load(
            text: Self.text(#"{"reference": "shows a setting's hazard"}"#), file: "j.json")
        #expect(reference.judges == .reference(reason: "shows a setting's hazard"))
        #expect(reference.json["judges"] == ["reference": "shows a setting's hazard"])
        let unstated = try Probe.loader.load(
            text: Self.text("null").replacingOccurrences(of: #" "judges": null,"#, with: ""), file: "j.json")
        #expect(unstated.judges == nil && unstated.json["judges"] == nil)
    }

    @Test func badValuesAreLocatedErrors() {
        #expect(
            errors(#""behavior""#) == [
                #"/judges 2:12 unknown judges "behavior" (spelt "behaviour"): expected "behaviour" or {"reference": "<why the expectations hold only for the reference>"}"#
            ])
        #expect(
            errors(#"{"reference": "x", "because": "y"}"#) == [
                #"/judges/because 2:42 unknown field "because": expected "behaviour" or {"reference": "<why the expectations hold only for the reference>"}"#
            ])
        #expect(errors(#"{"reference": 3}"#) == ["/judges/reference 2:26 expected a string saying why, found number"])
        #expect(
            errors(#"{"reference": "  "}"#) == [
                "/judges/reference 2:26 the reason must not be empty: say why only the reference passes"
            ])
        #expect(errors("true").first?.hasPrefix(#"/judges 2:12 expected "behaviour" or {"reference""#) == true)
        #expect(errors("{}").first?.hasPrefix(#"/judges 2:12 missing "reference""#) == true)
    }

    @Test func referenceOnlyScenarioIsSkippedWhenAnAppComponentIsSelected() throws {
        let scenario = try Probe.loader.load(
            text: Self.text(#"{"reference": "shows a setting's hazard"}"#, client: "app"), file: "j.json")
        let result = Probe.runner.run(scenario)
        #expect(
            result.skipped
                == "probe.client selects the app component \"app\", and this scenario judges the reference component's "
                + "configuration: shows a setting's hazard")
        #expect(result.passed && result.expectations.isEmpty && result.events == 0)
    }

    @Test(arguments: [(#""behaviour""#, "app"), (#"{"reference": "why"}"#, "reference")])
    func otherwiseRuns(_ judges: String, client: String) throws {
        let scenario = try Probe.loader.load(text: Self.text(judges, client: client), file: "j.json")
        let result = Probe.runner.run(scenario)
        #expect(result.skipped == nil && result.passed && result.expectations.count == 1)
    }
}
