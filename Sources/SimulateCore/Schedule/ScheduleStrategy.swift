/// How the async runtime orders the jobs that are ready at the same virtual instant (docs/exploration.md).
///
/// Written as text everywhere (`"strategy"` in a scenario, `--strategy` on the command line):
/// `random`, `pct:D` or `pct:D:N`, `delay:K` or `delay:K:N`, `fifo`, or `replay:` followed by the
/// deviations from the oldest-first order (`replay:12,40+2`). Every strategy is deterministic per seed.
public enum ScheduleStrategy: Sendable, Hashable, CustomStringConvertible {
    /// The seeded uniform choice among the ready jobs (stream `async/executor`): the default.
    case random
    /// Probabilistic concurrency testing (Burckhardt et al., ASPLOS 2010) with bug depth `depth`: random
    /// task priorities, `depth − 1` priority change points drawn over `steps` choices (nil: ``defaultSteps``).
    case pct(depth: Int, steps: Int?)
    /// Delay-bounded scheduling (Emmi, Qadeer, Rakamarić, POPL 2011): oldest job first, with `delays`
    /// delays (the oldest job sent to the back of the queue) at choices drawn over `steps` (nil: ``defaultSteps``).
    case delay(delays: Int, steps: Int?)
    /// A recorded schedule: oldest job first except at the listed choices (`fifo` when there are none).
    case replay([ScheduleDeviation])

    /// The choices over which `pct` and `delay` draw their points when the strategy does not say.
    public static let defaultSteps = 1_000
    /// The largest `D`, `K` and `N` the text may give.
    public static let maximumBound = 1_000_000

    /// The strategy `text` names, or why it names none.
    public init(parsing text: String) throws(ScheduleStrategyError) {
        let trimmed = text
        if trimmed == "random" {
            self = .random
            return
        }
        if trimmed == "fifo" {
            self = .replay([])
            return
        }
        guard let colon = trimmed.firstIndex(of: ":") else { throw .init(text: text, problem: Self.expected) }
        let name = trimmed[..<colon]
        let rest = trimmed[trimmed.index(after: colon)...]
        switch name {
        case "pct":
            let (depth, steps) = try Self.bounds(rest, text: text, first: "D", minimum: 1)
            self = .pct(depth: depth, steps: steps)
        case "delay":
            let (delays, steps) = try Self.bounds(rest, text: text, first: "K", minimum: 0)
            self = .delay(delays: delays, steps: steps)
        case "replay":
            self = .replay(try ScheduleDeviation.parseList(rest, text: text))
        default:
            throw .init(text: text, problem: Self.expected)
        }
    }

    /// What a strategy's text may be, for error messages.
    public static let expected =
        "expected random, pct:D or pct:D:N (D ≥ 1), delay:K or delay:K:N (K ≥ 0), fifo, or replay:STEP[+SKIP],…"

    private static func bounds(
        _ text: Substring, text whole: String, first: String, minimum: Int
    ) throws(ScheduleStrategyError) -> (Int, Int?) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { throw .init(text: whole, problem: expected) }
        guard let value = Self.whole(parts[0]), (minimum...maximumBound).contains(value) else {
            throw .init(text: whole, problem: "\(first) must be a whole number from \(minimum) to \(maximumBound)")
        }
        guard parts.count == 2 else { return (value, nil) }
        guard let steps = Self.whole(parts[1]), (1...maximumBound).contains(steps) else {
            throw .init(
                text: whole,
                problem: "N (the choices the points are drawn over) must be a whole number from 1 to "
                    + "\(maximumBound)")
        }
        return (value, steps)
    }

    /// Digits only (no sign, no spaces), as a number.
    static func whole(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int(text)
    }

    /// As the text that parses back to it.
    public var description: String {
        switch self {
        case .random: "random"
        case .pct(let depth, let steps): "pct:\(depth)" + (steps.map { ":\($0)" } ?? "")
        case .delay(let delays, let steps): "delay:\(delays)" + (steps.map { ":\($0)" } ?? "")
        case .replay(let deviations):
            deviations.isEmpty ? "fifo" : "replay:" + deviations.map(\.description).joined(separator: ",")
        }
    }

    /// `pct` and `delay` with the choices their points are drawn over said explicitly.
    public func withSteps(_ steps: Int) -> ScheduleStrategy {
        switch self {
        case .pct(let depth, _): .pct(depth: depth, steps: steps)
        case .delay(let delays, _): .delay(delays: delays, steps: steps)
        case .random, .replay: self
        }
    }

    /// The choices `pct` and `delay` draw their points over (nil for the others).
    public var steps: Int? {
        switch self {
        case .pct(_, let steps), .delay(_, let steps): steps ?? Self.defaultSteps
        case .random, .replay: nil
        }
    }
}

/// One choice of a recorded schedule that did not run the oldest ready job: at choice `step` (counted
/// from 1 over the choices among two or more ready jobs), `skip` older jobs were passed over.
public struct ScheduleDeviation: Sendable, Hashable, CustomStringConvertible {
    /// The choice, from 1.
    public var step: Int
    /// How many older ready jobs were passed over (at least 1); more than are ready runs the newest.
    public var skip: Int

    /// At choice `step`, pass over `skip` older ready jobs.
    public init(step: Int, skip: Int = 1) {
        self.step = step
        self.skip = skip
    }

    /// `12` (skip 1) or `40+2`.
    public var description: String { skip == 1 ? "\(step)" : "\(step)+\(skip)" }

    static func parseList(_ text: Substring, text whole: String) throws(ScheduleStrategyError) -> [ScheduleDeviation] {
        guard !text.isEmpty else { return [] }
        var deviations: [ScheduleDeviation] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = item.split(separator: "+", omittingEmptySubsequences: false)
            guard parts.count <= 2, let step = ScheduleStrategy.whole(parts[0]), step >= 1,
                let skip = parts.count == 2 ? ScheduleStrategy.whole(parts[1]) : 1, skip >= 1
            else {
                throw .init(
                    text: whole,
                    problem: "\"\(BoundedQuote.bounded(String(item)))\" is not STEP or STEP+SKIP (whole numbers ≥ 1)")
            }
            if let last = deviations.last, step <= last.step {
                throw .init(text: whole, problem: "the steps must increase (\(step) follows \(last.step))")
            }
            deviations.append(ScheduleDeviation(step: step, skip: skip))
        }
        return deviations
    }
}

/// Why a strategy's text names no strategy.
public struct ScheduleStrategyError: Error, Sendable, CustomStringConvertible {
    /// The text as given.
    public var text: String
    /// What is wrong, and what was expected.
    public var problem: String

    /// `"pct:0": D must be …`.
    public var description: String { "\"\(BoundedQuote.bounded(text))\": \(problem)" }
}
