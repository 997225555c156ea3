import SimulateKit
import Testing

/// Deliberately buggy versions of the example app code, each caught by a plugin invariant that
/// names the rule and the time; `withKnownIssue` shows the scenario's failure message.
@Suite struct BuggyVariantTests {
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    static func file(_ path: String) -> ScenarioFile { ScenarioSuite.resolve("Scenarios/" + path) }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func backoffNotResetOnConnect() {
        let plugin = AppComponents.punchlist { $0.backoffReset = .never }
        var outcome: ScenarioOutcome?
        withKnownIssue("the client keeps doubling its delay across successful connects") {
            outcome = ScenarioExpectations.check(
                file: Self.file("sse/flapping.json"), plugins: [plugin], setting: ["sse": ["client": "app"]])
        }
        #expect(
            outcome?.failures.contains {
                $0.message.contains("sse.backoff violated") && $0.message.contains("s phone:")
            } == true)
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func indicatorShownAtOnce() {
        let plugin = AppComponents.punchlist { $0.indicatorDelay = .zero }
        var outcome: ScenarioOutcome?
        withKnownIssue("the client shows the offline indicator as soon as the stream drops") {
            outcome = ScenarioExpectations.check(
                file: Self.file("sse/short-drop.json"), plugins: [plugin], setting: ["sse": ["client": "app"]])
        }
        #expect(
            outcome?.failures.contains {
                $0.message.contains("sse.offlineIndicator violated")
                    && $0.message.contains("5.000s phone: phone showed the offline indicator after 0s")
            } == true)
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func allocationSavedWithAllKeys() {
        let plugin = AppComponents.displayIDs { $0.savePolicy = .allKeys }
        var outcome: ScenarioOutcome?
        withKnownIssue("allKeys overwrites the counter: two devices hand out the same displayId") {
            outcome = ScenarioExpectations.check(
                file: Self.file("counter/contention-10-devices.json"), plugins: [plugin],
                setting: ["counter": ["allocator": "app"]])
        }
        #expect(
            outcome?.failures.contains {
                $0.message.contains("counter.unique violated") && $0.message.contains("handed out twice")
            } == true)
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func retryWithoutABound() {
        let plugin = AppComponents.displayIDs { $0.maxAttempts = .max }
        var outcome: ScenarioOutcome?
        withKnownIssue("the service retries for as long as the server keeps refusing") {
            outcome = ScenarioExpectations.check(
                file: Self.file("counter/rate-limit-storm.json"), plugins: [plugin],
                setting: ["counter": ["allocator": "app"]])
        }
        #expect(outcome?.failures.contains { $0.message.contains("counter.retryBound violated") } == true)
    }
}
