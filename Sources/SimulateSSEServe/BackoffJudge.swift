import SimulateCore
import SimulateJSON
import SimulateSSE

/// The reconnect rule as a client's traffic shows it: the k-th wait since the last successful connect
/// (a stream that got its full state) is `initial × multiplier^k`, capped. Seed 002: "Reconnect with
/// exponential backoff — 1s initial, doubles to 30s cap. Reset on successful connect."
struct BackoffPolicyRule {
    var initialDelay: VirtualDuration = .seconds(1)
    var multiplier: Double = 2
    var maxDelay: VirtualDuration = .seconds(30)

    /// The rule an `sse.backoff` invariant states (its jitter and reset event are not judged here).
    init(_ policy: BackoffPolicy) {
        initialDelay = policy.initialDelay
        multiplier = policy.multiplier
        maxDelay = policy.maxDelay
    }

    func delay(afterFailures failures: Int) -> VirtualDuration {
        let cap = Double(maxDelay.nanoseconds)
        var delay = Double(initialDelay.nanoseconds)
        for _ in 0..<min(failures, 64) { delay = min(cap, delay * multiplier) }
        return .nanoseconds(Int64(min(cap, delay)))
    }
}

/// Judges each device's reconnects after a drop by the server or the network. A stream the client
/// ended itself (closed or reset: a page going away, `EventSource.close()`) is no drop: what follows
/// is not a reconnect. A stream opened before the previous one ended overlaps it: no wait to judge.
/// Waits are the client's real time; the instants in the events are scenario time.
struct BackoffJudge {
    var policy: BackoffPolicyRule
    var tolerance: VirtualDuration

    private struct Wait {
        var attempt: ServeLog.StreamAttempt
        var previous: ServeLog.StreamAttempt
        var dropped: VirtualInstant
        var waited: VirtualDuration
        var expected: VirtualDuration
        var failures: Int
    }

    /// `real` turns a virtual span into the client's real time.
    func violations(log: ServeLog, end: VirtualInstant, real: (VirtualDuration) -> VirtualDuration) -> [Violation] {
        var violations: [Violation] = []
        for device in log.devices {
            let attempts = log.attempts(of: device)
            let waits = waits(attempts, real: real)
            let browser = EventSourceRetry.matches(waits.map(\.waited), slack: tolerance + EventSourceRetry.delay / 10)
            for wait in waits {
                let slack = tolerance + wait.expected / 10
                guard (wait.waited - wait.expected).magnitude > slack else { continue }
                let dropReason = wait.previous.endReason ?? "drop"
                violations.append(
                    Violation(
                        at: wait.attempt.at, device: device,
                        message:
                            "reconnected \(RealTimeText.real(wait.waited)) after the \(dropReason); the rule gives \(RealTimeText.duration(wait.expected)) (wait \(wait.failures + 1) since the last successful connect, ± \(RealTimeText.duration(slack)))"
                            + (browser ? "; " + EventSourceRetry.explanation : ""),
                        events: [
                            Self.event(wait.dropped, device, wait.previous.endReason ?? "ended"),
                            Self.event(wait.attempt.at, device, "connect " + wait.attempt.outcome.rawValue),
                        ]))
            }
            if let violation = silence(device, attempts, end: end, real: real) { violations.append(violation) }
        }
        return violations
    }

    /// The waits before each reconnect after a drop, in the order of the attempts.
    private func waits(_ attempts: [ServeLog.StreamAttempt], real: (VirtualDuration) -> VirtualDuration) -> [Wait] {
        var waits: [Wait] = []
        var failures = attempts.first.map { $0.gotEvent ? 0 : 1 } ?? 0
        for index in attempts.indices.dropFirst() {
            let previous = attempts[index - 1]
            let attempt = attempts[index]
            if previous.gotEvent || previous.endedByClient { failures = 0 }
            defer { if !attempt.gotEvent { failures += 1 } }
            // A stalled attempt ends on the client's own timeout, which the server cannot see.
            guard let dropped = previous.endedAt, previous.outcome != .stalled, !previous.endedByClient,
                attempt.at >= dropped
            else { continue }
            waits.append(
                Wait(
                    attempt: attempt, previous: previous, dropped: dropped, waited: real(attempt.at - dropped),
                    expected: policy.delay(afterFailures: failures), failures: failures))
        }
        return waits
    }

    /// A drop at the end of the run with no reconnect within the rule's delay.
    private func silence(
        _ device: String, _ attempts: [ServeLog.StreamAttempt], end: VirtualInstant,
        real: (VirtualDuration) -> VirtualDuration
    ) -> Violation? {
        guard let last = attempts.last, let dropped = last.endedAt, last.outcome != .stalled, !last.endedByClient
        else { return nil }
        let expected = policy.delay(afterFailures: trailingFailures(attempts))
        let silent = real(end - dropped)
        guard silent > expected + tolerance + expected / 10 else { return nil }
        var events = attempts.suffix(3).map { Self.event($0.at, device, "connect " + $0.outcome.rawValue) }
        events.append(Self.event(dropped, device, last.endReason ?? "ended"))
        events.append(Self.event(end, device, "run ended, no reconnect"))
        return Violation(
            at: end, device: device,
            message:
                "no reconnect in \(RealTimeText.real(silent)) after the \(last.endReason ?? "drop"); the rule gives \(RealTimeText.duration(expected))",
            events: events)
    }

    /// A supporting event, at its scenario time.
    static func event(_ at: VirtualInstant, _ device: String, _ what: String) -> String {
        DurationFormat.secondsText(at) + " " + device + " " + what
    }

    /// Consecutive failed attempts at the end of the list, the last one included.
    private func trailingFailures(_ attempts: [ServeLog.StreamAttempt]) -> Int {
        var count = 0
        for attempt in attempts.reversed() {
            if attempt.gotEvent { break }
            count += 1
        }
        return count
    }
}
