import SimulateCore

/// How the client spreads its reconnect delays around the exponential base delay.
public enum JitterMode: String, CaseIterable, Sendable {
    /// Exactly the base delay (the seed's client).
    case none
    /// Uniform in [0, base] ("full jitter").
    case full
    /// base/2 plus uniform in [0, base/2] ("equal jitter").
    case equal
    /// Uniform in [initial, min(cap, 3 × previous delay)] ("decorrelated jitter").
    case decorrelated
}

/// Reconnect backoff: initial delay, multiplier, cap and jitter. Seed 002: 1 s, doubling, 30 s cap.
package struct BackoffPolicy: Equatable, Sendable {
    package var initialDelay: VirtualDuration = .seconds(1)
    package var multiplier: Double = 2
    package var maxDelay: VirtualDuration = .seconds(30)
    var jitter = JitterMode.none

    /// The base delay after `failures` consecutive failures since the last reset (0 → the initial delay).
    func baseDelay(failures: Int) -> VirtualDuration {
        var delay = initialDelay
        for _ in 0..<min(failures, 4096) {
            guard delay < maxDelay else { break }
            delay = Self.scaled(delay, by: multiplier, cap: maxDelay)
        }
        return min(delay, maxDelay)
    }

    /// The next base delay after `delay`: `delay × multiplier`, rounded to the nanosecond, at most the cap.
    static func scaled(_ delay: VirtualDuration, by multiplier: Double, cap: VirtualDuration) -> VirtualDuration {
        if multiplier == 2 { return delay > cap / 2 ? cap : delay * 2 }
        let next = (Double(delay.nanoseconds) * multiplier).rounded()
        return next >= Double(cap.nanoseconds) ? cap : max(delay, .nanoseconds(Int64(next)))
    }

    /// The closed range of delays the policy allows for a wait with this base delay and previous delay.
    func allowedRange(base: VirtualDuration, previous: VirtualDuration) -> ClosedRange<VirtualDuration> {
        switch jitter {
        case .none: base...base
        case .full: .zero...base
        case .equal: base / 2...base
        case .decorrelated: decorrelatedRange(previous: previous)
        }
    }

    func decorrelatedRange(previous: VirtualDuration) -> ClosedRange<VirtualDuration> {
        let upper = previous > maxDelay / 3 ? maxDelay : min(maxDelay, previous * 3)
        return min(initialDelay, upper)...upper
    }

    /// Draws the delay of a wait from the client's own stream.
    func draw(base: VirtualDuration, previous: VirtualDuration, random: inout SeededRandom) -> VirtualDuration {
        switch jitter {
        case .none: return base
        case .full: return random.duration(in: .zero...base)
        case .equal: return base / 2 + random.duration(in: .zero...(base - base / 2))
        case .decorrelated: return random.duration(in: decorrelatedRange(previous: previous))
        }
    }
}
