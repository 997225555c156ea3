import SimulateCore
import Testing

@testable import SimulateSSE
@testable import SimulateSSEServe

/// What `serve`, `probe` and `diff` say about a run: waits in real time and never negative, the
/// browser's own retry named, supporting events, the known list, events paired in time order.
struct RealRunReportingTests {
    static let judge = BackoffJudge(policy: BackoffPolicyRule(BackoffPolicy()), tolerance: .milliseconds(250))

    static func at(_ milliseconds: Int64) -> VirtualInstant { .start + .milliseconds(milliseconds) }

    static func attempt(
        _ device: String, _ at: Int64, _ outcome: ServeLog.AttemptOutcome, ended: Int64?, _ reason: String? = nil,
        gotEvent: Bool = false
    ) -> ServeLog.StreamAttempt {
        var attempt = ServeLog.StreamAttempt(device: device, at: Self.at(at), outcome: outcome)
        attempt.endedAt = ended.map(Self.at)
        attempt.endReason = reason
        attempt.gotEvent = gotEvent
        return attempt
    }

    @Test func aBrowsersFixedThreeSecondRetryIsNamed() {
        var log = ServeLog()
        log.attempts = [
            Self.attempt("browser", 0, .accepted, ended: 2_000, "reset: offline", gotEvent: true),
            Self.attempt("browser", 5_003, .refused, ended: 5_003, "reset: offline"),
            Self.attempt("browser", 8_001, .accepted, ended: nil, gotEvent: true),
        ]
        let violations = Self.judge.violations(log: log, end: Self.at(9_000)) { $0 }
        #expect(violations.count == 2)
        #expect(violations.allSatisfy { $0.message.contains("EventSource's fixed reconnection time") })
        #expect(
            violations[0].message.hasPrefix("reconnected 3.003s (real) after the reset: offline; the rule gives 1s"))
    }

    @Test func aStreamOpenedBeforeThePreviousEndedIsNoNegativeWait() {
        var log = ServeLog()
        log.attempts = [
            Self.attempt("page", 0, .accepted, ended: 9_000, "reset: offline", gotEvent: true),
            Self.attempt("page", 1_500, .accepted, ended: nil, gotEvent: true),
        ]
        let violations: [Violation] = Self.judge.violations(log: log, end: Self.at(10_000)) { $0 }
        #expect(violations.isEmpty, "\(violations.map(\.message))")
    }

    @Test func noReconnectListsTheEventsThatShowIt() throws {
        var log = ServeLog()
        log.attempts = [
            Self.attempt("phone", 0, .accepted, ended: 1_000, "server restart", gotEvent: true)
        ]
        let violations = Self.judge.violations(log: log, end: Self.at(10_000)) { $0 }
        let silence = try #require(violations.first)
        #expect(silence.message == "no reconnect in 9s (real) after the server restart; the rule gives 1s")
        #expect(
            silence.events == [
                "0.000s phone connect accepted", "1.000s phone server restart", "10.000s phone run ended, no reconnect",
            ])
    }

    @Test func aStreamTheClientClosedIsNoDrop() {
        var log = ServeLog()
        log.attempts = [
            Self.attempt("page", 0, .accepted, ended: 1_000, ServeLog.closedByClient, gotEvent: true),
            Self.attempt("page", 7_000, .accepted, ended: 8_000, ServeLog.resetByClient, gotEvent: true),
        ]
        #expect(Self.judge.violations(log: log, end: Self.at(20_000)) { $0 }.isEmpty)
    }

    @Test func realTimesAreRoundedToTheMillisecond() {
        #expect(RealTimeText.duration(.nanoseconds(3_002_499_999)) == "3.002s")
        #expect(RealTimeText.duration(.nanoseconds(-7_500_000_000)) == "0s")
        #expect(RealTimeText.real(.nanoseconds(250_400_000)) == "250ms (real)")
    }

    @Test func aDiffIsNotAFullState() throws {
        func answer(_ name: String, _ detail: String, version: Int?) -> ProbeLog.Answer {
            ProbeLog.Answer(
                at: .start, sentAt: .start, name: name, detail: detail, status: 200, version: version, error: nil)
        }
        let known = try #require(
            KnownServerList(
                initial: ["milk", "eggs"],
                answers: [answer("add", "bread", version: 2), answer("delete", "eggs", version: 3)]))
        func items(_ texts: String...) -> [PunchItem] {
            texts.enumerated().map { PunchItem(id: String($0.offset), text: $0.element, created: "") }
        }
        #expect(known.difference(version: 1, items: items("milk", "eggs")) == nil)
        #expect(known.difference(version: 2, items: items("milk", "eggs", "bread")) == nil)
        #expect(known.difference(version: 3, items: items("bread", "milk")) == nil)
        #expect(
            known.difference(version: 2, items: items("bread"))
                == #"missing "eggs", "milk" (1 items; the server holds 3 at version 2)"#)
        #expect(KnownServerList(initial: [], answers: [answer("add", "x", version: nil)]) == nil)
    }

    @Test func diffPairsInTimeOrderWhenOneSideRetriedMore() {
        func event(_ milliseconds: Int64, _ key: String) -> TraceComparison.Event {
            TraceComparison.Event(time: Self.at(milliseconds), key: key)
        }
        let comparison = TraceComparison(
            expected: [event(0, "accept phone"), event(3_000, "accept phone"), event(6_000, "accept phone")],
            observed: [
                event(0, "accept phone"), event(1_000, "accept phone"), event(3_050, "accept phone"),
                event(6_020, "accept phone"),
            ],
            tolerance: .milliseconds(250))
        #expect(comparison.pairs.map(\.expected) == [Self.at(0), nil, Self.at(3_000), Self.at(6_000)])
        #expect(comparison.pairs.map(\.observed) == [Self.at(0), Self.at(1_000), Self.at(3_050), Self.at(6_020)])
        #expect(comparison.lines().contains { $0.hasSuffix("0.050s") })
        #expect(!comparison.lines().joined().contains("ns"))
    }

    @Test func aClientStartedLaterIsComparedFromItsStart() {
        func event(_ milliseconds: Int64, _ key: String) -> TraceComparison.Event {
            TraceComparison.Event(time: Self.at(milliseconds), key: key)
        }
        let comparison = TraceComparison(
            expected: [event(0, "accept phone"), event(0, "accept mac"), event(2_000, "accept mac")],
            observed: [event(0, "accept phone"), event(800, "accept mac"), event(2_810, "accept mac")],
            tolerance: .milliseconds(250))
        #expect(comparison.matches)
        #expect(
            comparison.lines().first
                == "mac: first connect 0.800s later than in-process; its connects are compared from that start")
    }
}
