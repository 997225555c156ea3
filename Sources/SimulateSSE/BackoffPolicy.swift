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
    package var initialNanoseconds: Int64 = 1_000_000_000
    package var multiplier: Double = 2
    package var maxNanoseconds: Int64 = 30_000_000_000
    var jitter = JitterMode.none

    /// The base delay after `failures` consecutive failures since the last reset (0 → the initial delay).
    func baseDelay(failures: Int) -> Int64 {
        var delay = initialNanoseconds
        for _ in 0..<min(failures, 4096) {
            guard delay < maxNanoseconds else { break }
            delay = Self.scaled(delay, by: multiplier, cap: maxNanoseconds)
        }
        return min(delay, maxNanoseconds)
    }

    /// The next base delay after `delay`: `delay × multiplier`, rounded, at most the cap.
    static func scaled(_ delay: Int64, by multiplier: Double, cap: Int64) -> Int64 {
        if multiplier == 2 { return delay > cap / 2 ? cap : delay * 2 }
        let next = (Double(delay) * multiplier).rounded()
        return next >= Double(cap) ? cap : max(delay, Int64(next))
    }

    /// The closed range of delays the policy allows for a wait with this base delay and previous delay.
    func allowedRange(base: Int64, previous: Int64) -> ClosedRange<Int64> {
        switch jitter {
        case .none: base...base
        case .full: 0...base
        case .equal: base / 2...base
        case .decorrelated: decorrelatedRange(previous: previous)
        }
    }

    func decorrelatedRange(previous: Int64) -> ClosedRange<Int64> {
        let upper = previous > maxNanoseconds / 3 ? maxNanoseconds : min(maxNanoseconds, previous * 3)
        return min(initialNanoseconds, upper)...upper
    }

    /// Draws the delay of a wait from the client's own stream.
    func draw(base: Int64, previous: Int64, random: inout SeededRandom) -> Int64 {
        switch jitter {
        case .none: return base
        case .full: return random.int64(in: 0...base)
        case .equal: return base / 2 + random.int64(in: 0...(base - base / 2))
        case .decorrelated: return random.int64(in: decorrelatedRange(previous: previous))
        }
    }
}
