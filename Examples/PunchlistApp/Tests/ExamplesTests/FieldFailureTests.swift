import SimulateKit
import Testing

/// App code that passed here before the facades failed where the device fails, each caught
/// by a plugin invariant or point check that names the rule and the virtual time. The correct versions
/// of the same components pass the same scenarios in `BehaviourScenarioTests`.
@Suite struct FieldFailureTests {
    static func file(_ path: String) -> ScenarioFile { ScenarioSuite.resolve("Scenarios/" + path) }

    /// `CKModifyRecordsOperation.isAtomic`: in the atomic counter zone a conflict makes the whole call
    /// throw `partialFailure`; a service that looks for the conflict only in `saveResults` gives up.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func conflictLookedForOnlyInSaveResults() {
        let plugin = AppComponents.displayIDs { $0.readsAtomicFailure = false }
        var outcome: ScenarioOutcome?
        withKnownIssue("the service takes the atomic batch's partialFailure for a fatal error") {
            outcome = ScenarioExpectations.check(
                file: Self.file("counter/contention-2-devices.json"), seed: 0, plugins: [plugin],
                setting: ["counter": ["allocator": "app"]])
        }
        let messages = outcome?.failures.map(\.message) ?? []
        #expect(messages.contains { $0.contains("counter.value at end") && $0.contains("expected 200") })
    }

    /// `CKError.Code.serverResponseLost` (34): a retry list written before the code could happen gives up.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func serverResponseLostNotRetried() {
        let plugin = AppComponents.displayIDs { $0.retryableCodes = Self.oldRetryList }
        var outcome: ScenarioOutcome?
        withKnownIssue("the service gives up on serverResponseLost") {
            outcome = ScenarioExpectations.check(
                file: Self.file("counter/server-response-lost.json"), seed: 0, plugins: [plugin],
                setting: ["counter": ["allocator": "app"]])
        }
        let messages = outcome?.failures.map(\.message) ?? []
        #expect(messages.contains { $0.contains("counter.failed at end on d01") && $0.contains("expected 0") })
    }

    /// `CKError.Code.accountTemporarilyUnavailable` (36): retry once the account is available.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func accountTemporarilyUnavailableNotRetried() {
        let plugin = AppComponents.displayIDs { $0.retryableCodes = Self.oldRetryList }
        var outcome: ScenarioOutcome?
        withKnownIssue("the service gives up while the account is not ready") {
            outcome = ScenarioExpectations.check(
                file: Self.file("counter/account-temporarily-unavailable.json"), seed: 0, plugins: [plugin],
                setting: ["counter": ["allocator": "app"]])
        }
        let messages = outcome?.failures.map(\.message) ?? []
        #expect(messages.contains { $0.contains("counter.failed at end on d01") && $0.contains("expected 0") })
    }

    /// A 503 answer to the stream request: `bytes(for:)` returns at its head with the status; a client
    /// that does not look at it says "connected" and hides the offline indicator at each attempt.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func statusIgnored() {
        let plugin = AppComponents.punchlist { $0.checksResponse = false }
        var outcome: ScenarioOutcome?
        withKnownIssue("the client takes a 503 for the event stream") {
            outcome = ScenarioExpectations.check(
                file: Self.file("sse/service-unavailable.json"), seed: 0, plugins: [plugin],
                setting: ["sse": ["client": "app"]])
        }
        let messages = outcome?.failures.map(\.message) ?? []
        #expect(messages.contains { $0.contains("sse.offlineIndicator violated") && $0.contains("s phone:") })
    }

    /// iOS suspends a backgrounded app and its stream ends; a client that waits for the old stream to
    /// come back never reconnects and keeps saying "connected".
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func streamAssumedToSurviveTheBackground() {
        let plugin = AppComponents.punchlist { $0.reconnectsAfterBackground = false }
        var outcome: ScenarioOutcome?
        withKnownIssue("the client never reconnects after the background") {
            outcome = ScenarioExpectations.check(
                file: Self.file("sse/background.json"), seed: 0, plugins: [plugin],
                setting: ["sse": ["client": "app"]])
        }
        let messages = outcome?.failures.map(\.message) ?? []
        #expect(
            messages.contains {
                $0.contains("sse.offlineIndicator violated")
                    && $0.contains("phone's stream ended at 40s (connection lost) but it still reports connected")
            })
    }

    /// `CKError.Code.zoneNotFound` (26) / `userDeletedZone` (28): the counter's zone is gone with its
    /// record; a service that does not save the zone again (`modifyRecordZones`) gives up on every
    /// allocation after the fault.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test(arguments: [
        ("counter/zone-not-found.json", "counter.failed at 6s on d01", "zoneNotFound"),
        ("counter/user-deleted-zone.json", "counter.failed at end on d01", "userDeletedZone"),
    ])
    func deletedZoneNotRecreated(file: String, check: String, code: String) {
        let plugin = AppComponents.displayIDs { $0.recreatesDeletedZone = false }
        var outcome: ScenarioOutcome?
        withKnownIssue("the service gives up on \(code) instead of saving the zone again") {
            outcome = ScenarioExpectations.check(
                file: Self.file(file), seed: 0, plugins: [plugin], setting: ["counter": ["allocator": "app"]])
        }
        let messages = outcome?.failures.map(\.message) ?? []
        #expect(messages.contains { $0.contains(check) && $0.contains("expected 0") })
    }

    /// A `500` or an HTML page (`200`, `text/html`) instead of the event stream: a client that looks at
    /// neither the status nor the content type says "connected" at each attempt.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test(arguments: ["sse/internal-server-error.json", "sse/wrong-content-type.json"])
    func answerOtherThanTheStreamIgnored(file: String) {
        let plugin = AppComponents.punchlist { $0.checksResponse = false }
        var outcome: ScenarioOutcome?
        withKnownIssue("the client takes the answer for the event stream") {
            outcome = ScenarioExpectations.check(
                file: Self.file(file), seed: 0, plugins: [plugin], setting: ["sse": ["client": "app"]])
        }
        let messages = outcome?.failures.map(\.message) ?? []
        #expect(messages.contains { $0.contains("sse.offlineIndicator violated") && $0.contains("s phone:") })
    }

    static let oldRetryList: Set<CloudKitErrorCode> = [
        .networkUnavailable, .networkFailure, .serviceUnavailable, .requestRateLimited, .zoneBusy,
    ]
}
