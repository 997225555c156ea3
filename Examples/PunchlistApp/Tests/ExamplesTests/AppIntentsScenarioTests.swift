import SimulateKit
import TaskIntentsExample
import Testing

/// The app's own App Intents (their JSON core, `TaskIntents`, over the app's displayId service) under every
/// bundled `intents` scenario for seeds 0 to 19: each one that judges documented behaviour passes; one that
/// judges the reference intents' own configuration or store is skipped, with its reason.
@Suite struct AppIntentsScenarioTests {
    static let setting: [String: JSONObject] = ["intents": ["handler": "app"]]

    @Test(arguments: ScenarioSuite.files(in: "Scenarios/intents"))
    func appIntents(_ file: ScenarioFile) throws {
        try BehaviourScenarioTests.sweep(file, plugin: AppComponents.taskIntents(), setting: Self.setting)
    }

    /// The failure messages of `path` over `seeds`, with the app's intents changed by `adjust`.
    static func failures(
        _ path: String, seeds: ClosedRange<UInt64> = 0...4,
        _ adjust: @escaping @Sendable (inout TaskIntents<AppClock>.Options) -> Void
    ) throws -> [String] {
        let harness = ScenarioHarness(plugins: [AppComponents.taskIntents(adjust)])
        let scenario = try harness.scenario(ScenarioSuite.resolve(path), setting: setting)
        return harness.sweep(scenario, seeds: seeds).failures.map(\.message)
    }

    @Test func errorsThrownInsteadOfEncodedLeaveTheCallerNothing() throws {
        let failures = try Self.failures("Scenarios/intents/offline-counter-unavailable.json") {
            $0.throwsErrors = true
        }
        #expect(failures.contains { $0.contains("intents.jsonOut violated") && $0.contains("the intent threw") })
        #expect(failures.contains { $0.contains(#"expected "counterUnavailable", observed "thrown""#) })
    }

    @Test func interpolatedJSONBreaksOnQuotesInUserText() throws {
        let failures = try Self.failures("Scenarios/intents/malformed-inputs.json", seeds: 0...1) {
            $0.interpolatesJSON = true
        }
        #expect(failures.contains { $0.contains("intents.jsonOut violated") && $0.contains("the output is not JSON") })
    }

    /// Foundation's `JSONSerialization` on Linux reads `{"name": "x",}` and keeps the last of two members
    /// with one name: without its own check the app answers ok where the input is not JSON.
    @Test func foundationsLenientParserLetsBadInputThrough() throws {
        let failures = try Self.failures("Scenarios/intents/malformed-inputs.json", seeds: 0...1) {
            $0.checksStrictJSON = false
        }
        #expect(failures.contains { $0.contains("intents.fuzzCodes violated") && $0.contains("kind duplicateField") })
        #expect(
            failures.contains {
                $0.contains(#"intents.lastOutcome at 1.5s on phone: expected "invalidJSON", observed "ok""#)
            })
    }

    @Test func anIntentWithoutATimeoutOfItsOwnIsCutOffOnIOS() throws {
        let failures = try Self.failures("Scenarios/intents/system-time-limit-any-handler.json") { $0.timeout = nil }
        let cutOff = failures.filter {
            $0.contains("intents.jsonOut violated")
                && $0.contains("the system cancelled it (IntentCancellationReason.timeout)")
        }
        #expect(cutOff.count == 5)
    }
}
