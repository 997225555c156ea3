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

struct BackoffJudge {
    var policy: BackoffPolicyRule
    var tolerance: VirtualDuration

    /// `real` turns a virtual span into the client's real time.
    func violations(log: ServeLog, end: VirtualInstant, real: (VirtualDuration) -> VirtualDuration) -> [Violation] {
        var violations: [Violation] = []
        for device in log.devices {
            let attempts = log.attempts(of: device)
            var failures = attempts.first.map { $0.gotEvent ? 0 : 1 } ?? 0
            for index in attempts.indices.dropFirst() {
                let previous = attempts[index - 1]
                let attempt = attempts[index]
                if previous.gotEvent { failures = 0 }
                defer { if !attempt.gotEvent { failures += 1 } }
                // A stalled attempt ends on the client's own timeout, which the server cannot see.
                guard let dropped = previous.endedAt, previous.outcome != .stalled else { continue }
                let expected = policy.delay(afterFailures: failures)
                let waited = real(attempt.at - dropped)
                let slack = tolerance + expected / 10
                guard (waited - expected).magnitude > slack else { continue }
                violations.append(
                    Violation(
                        at: attempt.at, device: device,
                        message:
                            "reconnected \(DurationFormat.string(waited)) after the \(previous.endReason ?? "drop"); the rule gives \(DurationFormat.string(expected)) (wait \(failures + 1) since the last successful connect, ± \(DurationFormat.string(slack)))",
                        events: [
                            DurationFormat.secondsText(dropped) + " " + device + " " + (previous.endReason ?? "ended"),
                            DurationFormat.secondsText(attempt.at) + " " + device + " connect "
                                + attempt.outcome.rawValue,
                        ]))
            }
            if let last = attempts.last, let dropped = last.endedAt, last.outcome != .stalled {
                let expected = policy.delay(afterFailures: trailingFailures(attempts))
                let silent = real(end - dropped)
                if silent > expected + tolerance + expected / 10 {
                    violations.append(
                        Violation(
                            at: end, device: device,
                            message:
                                "no reconnect in \(DurationFormat.string(silent)) after the \(last.endReason ?? "drop"); the rule gives \(DurationFormat.string(expected))"
                        ))
                }
            }
        }
        return violations
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
