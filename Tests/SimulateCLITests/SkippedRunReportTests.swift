import SimulateCore
import SimulateJSON
import Testing

@testable import SimulateCLI

/// A run skipped because its scenario judges the reference's configuration and an app component is
/// selected: `SKIP` with the reason in the human report, `"skipped"` in JSON, `<skipped>` in JUnit,
/// and a count that fails nothing.
@Suite struct SkippedRunReportTests {
    static let reason =
        "sse.client selects the app component \"app\", and this scenario judges the reference component's "
        + "configuration: the reference client is configured to merge <events>"

    static var result: RunResult {
        var result = RunResult(
            file: "Scenarios/sse/merging-client.json", scenario: "merging", seed: 3, passed: true, traceHash: "",
            events: 0, simulated: .zero, expectations: [], statistics: JSONObject(), failure: nil, trace: [])
        result.skipped = reason
        return result
    }

    @Test func humanReportSaysSkipAndWhy() {
        let lines = HumanReport(terminal: Terminal(colors: false)).lines(Self.result)
        #expect(lines == ["SKIP Scenarios/sse/merging-client.json  seed 3  " + Self.reason])
    }

    @Test func jsonCarriesTheReason() {
        let json = JSONReport.json(Self.result)
        #expect(json["skipped"] == .string(Self.reason))
        #expect(json["passed"] == true)
    }

    @Test func junitHasASkippedElement() {
        var report = JUnitReport()
        report.add(Self.result)
        let xml = report.text
        #expect(xml.contains(#"tests="1" failures="0" errors="0" skipped="1""#))
        #expect(xml.contains("<skipped message=\"" + MarkupEscaping.escape(Self.reason) + "\"/>"))
        #expect(xml.contains("merge &lt;events&gt;"))
    }

    @Test func aSkipFailsNothing() {
        var tally = RunTally()
        tally.add(Self.result)
        #expect(tally.status == 0 && tally.skipped == 1 && tally.passed == 0)
        #expect(
            tally.closingLines(verdicts: [], terminal: Terminal(colors: false)) == ["0 passed, 0 failed, 1 skipped"])
    }
}
