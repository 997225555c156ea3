import SimulateCore
import SimulateJSON

/// The reconnect rule as a client's traffic shows it: the k-th wait since the last successful connect
/// (a stream that got its full state) is `initial × multiplier^k`, capped. Seed 002: "Reconnect with
/// exponential backoff — 1s initial, doubles to 30s cap. Reset on successful connect."
struct BackoffPolicyRule {
    var initialNanoseconds: Int64 = 1_000_000_000
    var multiplier: Double = 2
    var maxNanoseconds: Int64 = 30_000_000_000

    func delay(afterFailures failures: Int) -> Int64 {
        var delay = Double(initialNanoseconds)
        for _ in 0..<min(failures, 64) { delay = min(Double(maxNanoseconds), delay * multiplier) }
        return Int64(min(Double(maxNanoseconds), delay))
    }
}

struct BackoffJudge {
    var policy: BackoffPolicyRule
    var toleranceNanoseconds: Int64

    /// `real` turns a virtual span into the client's real time.
    func violations(log: ServeLog, endNanoseconds: Int64, real: (Int64) -> Int64) -> [Violation] {
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
                guard let dropped = previous.endedNanoseconds, previous.outcome != .stalled else { continue }
                let expected = policy.delay(afterFailures: failures)
                let waited = real(attempt.atNanoseconds - dropped)
                let slack = toleranceNanoseconds + expected / 10
                guard abs(waited - expected) > slack else { continue }
                violations.append(
                    Violation(
                        at: VirtualInstant(nanoseconds: attempt.atNanoseconds), device: device,
                        message:
                            "reconnected \(DurationFormat.string(waited)) after the \(previous.endReason ?? "drop"); the rule gives \(DurationFormat.string(expected)) (wait \(failures + 1) since the last successful connect, ± \(DurationFormat.string(slack)))",
                        events: [
                            DurationFormat.secondsText(dropped) + " " + device + " " + (previous.endReason ?? "ended"),
                            DurationFormat.secondsText(attempt.atNanoseconds) + " " + device + " connect "
                                + attempt.outcome.rawValue,
                        ]))
            }
            if let last = attempts.last, let dropped = last.endedNanoseconds, last.outcome != .stalled {
                let expected = policy.delay(afterFailures: trailingFailures(attempts))
                let silent = real(endNanoseconds - dropped)
                if silent > expected + toleranceNanoseconds + expected / 10 {
                    violations.append(
                        Violation(
                            at: VirtualInstant(nanoseconds: endNanoseconds), device: device,
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

/// Reads an expectation's `args` for the judges: durations as the scenario format writes them.
struct ExpectationArguments {
    let object: JSONObject

    init(_ args: JSON) {
        if case .object(let object) = args { self.object = object } else { object = JSONObject() }
    }

    func integer(_ key: String) -> Int? {
        if case .integer(let value)? = object[key] { return Int(clamping: value) }
        return nil
    }

    func number(_ key: String) -> Double? {
        switch object[key] {
        case .integer(let value)?: Double(value)
        case .double(let value)?: value
        default: nil
        }
    }

    func duration(_ key: String) -> Int64? {
        switch object[key] {
        case .string(let text)?: DurationFormat.parse(text)
        case .integer(let seconds)?:
            seconds.multipliedReportingOverflow(by: 1_000_000_000).overflow ? nil : seconds * 1_000_000_000
        case .double(let seconds)?: Int64(exactly: (seconds * 1e9).rounded())
        default: nil
        }
    }

    var policy: BackoffPolicyRule {
        var rule = BackoffPolicyRule()
        if let initial = duration("initialDelay") { rule.initialNanoseconds = initial }
        if let multiplier = number("multiplier") { rule.multiplier = multiplier }
        if let cap = duration("maxDelay") { rule.maxNanoseconds = cap }
        return rule
    }
}
