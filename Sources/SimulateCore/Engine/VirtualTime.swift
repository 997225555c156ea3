/// A point in a run's virtual time, exact to the nanosecond: the time since the run started.
///
/// Virtual time never reads a wall clock: the scheduler moves it from one event to the next. Like
/// swift-nio's `NIODeadline`, an instant is a point and a ``VirtualDuration`` the distance between two:
/// `instant + duration` is an instant, `instant - instant` a duration, and `instant + instant` does
/// not compile. Both wrap one `Int64`, so they cost nothing over a bare nanosecond count.
public struct VirtualInstant: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Nanoseconds since the run started.
    public var nanoseconds: Int64

    /// The instant `nanoseconds` after the run started.
    @inlinable
    public init(nanoseconds: Int64) {
        self.nanoseconds = nanoseconds
    }

    /// The start of every run.
    public static let start = VirtualInstant(nanoseconds: 0)
    /// Later than any event: `scheduler.run(through: .distantFuture)` runs until the queue is empty.
    public static let distantFuture = VirtualInstant(nanoseconds: .max)

    /// The time elapsed since the run started.
    @inlinable
    public var sinceStart: VirtualDuration { VirtualDuration(nanoseconds: nanoseconds) }

    /// Earlier instants order first.
    @inlinable
    public static func < (lhs: VirtualInstant, rhs: VirtualInstant) -> Bool {
        lhs.nanoseconds < rhs.nanoseconds
    }

    /// The instant `rhs` after `lhs`.
    @inlinable
    public static func + (lhs: VirtualInstant, rhs: VirtualDuration) -> VirtualInstant {
        VirtualInstant(nanoseconds: lhs.nanoseconds + rhs.nanoseconds)
    }

    /// The instant `lhs` after `rhs`.
    @inlinable
    public static func + (lhs: VirtualDuration, rhs: VirtualInstant) -> VirtualInstant {
        VirtualInstant(nanoseconds: lhs.nanoseconds + rhs.nanoseconds)
    }

    /// The instant `rhs` before `lhs`.
    @inlinable
    public static func - (lhs: VirtualInstant, rhs: VirtualDuration) -> VirtualInstant {
        VirtualInstant(nanoseconds: lhs.nanoseconds - rhs.nanoseconds)
    }

    /// The time from `rhs` to `lhs` (negative when `lhs` is earlier).
    @inlinable
    public static func - (lhs: VirtualInstant, rhs: VirtualInstant) -> VirtualDuration {
        VirtualDuration(nanoseconds: lhs.nanoseconds - rhs.nanoseconds)
    }

    /// Moves the instant `rhs` later.
    @inlinable
    public static func += (lhs: inout VirtualInstant, rhs: VirtualDuration) {
        lhs.nanoseconds += rhs.nanoseconds
    }

    /// Moves the instant `rhs` earlier.
    @inlinable
    public static func -= (lhs: inout VirtualInstant, rhs: VirtualDuration) {
        lhs.nanoseconds -= rhs.nanoseconds
    }

    /// `duration` later, or ``distantFuture`` (or the earliest instant) where the sum would not fit.
    @inlinable
    public func addingClamped(_ duration: VirtualDuration) -> VirtualInstant {
        let (sum, overflow) = nanoseconds.addingReportingOverflow(duration.nanoseconds)
        return VirtualInstant(nanoseconds: overflow ? (duration.nanoseconds < 0 ? .min : .max) : sum)
    }

    /// The time since the start in the scenario format's syntax: `"1.5s"`, `"250ms"`.
    public var description: String { DurationFormat.string(nanoseconds) }
}

/// A span of virtual time, exact to the nanosecond; negative for a clock skew behind true time.
///
/// Written like `Swift.Duration` and swift-nio's `TimeAmount`: `.milliseconds(250)`, `.seconds(30)`.
/// Converts to and from `Swift.Duration` for async code (``init(_:)``, ``swiftDuration``).
public struct VirtualDuration: Sendable, Hashable, Comparable, AdditiveArithmetic, CustomStringConvertible {
    /// The length in nanoseconds (negative for a span backwards).
    public var nanoseconds: Int64

    /// A span of `nanoseconds`.
    @inlinable
    public init(nanoseconds: Int64) {
        self.nanoseconds = nanoseconds
    }

    /// No time at all.
    public static let zero = VirtualDuration(nanoseconds: 0)
    /// Longer than any run.
    public static let infinite = VirtualDuration(nanoseconds: .max)

    /// A span of `value` nanoseconds.
    /// A span of `value` microseconds.
    @inlinable public static func nanoseconds(_ value: Int64) -> VirtualDuration { VirtualDuration(nanoseconds: value) }
    @inlinable public static func microseconds(_ value: Int64) -> VirtualDuration {
        VirtualDuration(nanoseconds: value * DurationFormat.nanosecondsPerMicrosecond)
    }
    /// A span of `value` milliseconds.
    @inlinable public static func milliseconds(_ value: Int64) -> VirtualDuration {
        VirtualDuration(nanoseconds: value * DurationFormat.nanosecondsPerMillisecond)
    }
    /// A span of `value` seconds.
    @inlinable public static func seconds(_ value: Int64) -> VirtualDuration {
        VirtualDuration(nanoseconds: value * DurationFormat.nanosecondsPerSecond)
    }
    /// A span of `value` minutes.
    /// A span of `value` hours.
    @inlinable public static func minutes(_ value: Int64) -> VirtualDuration { .seconds(value * 60) }
    @inlinable public static func hours(_ value: Int64) -> VirtualDuration { .seconds(value * 3_600) }

    /// Seconds as a double, for JSON reports and rates.
    @inlinable
    public var seconds: Double { Double(nanoseconds) / 1e9 }

    /// Shorter spans order first.
    @inlinable
    public static func < (lhs: VirtualDuration, rhs: VirtualDuration) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

    /// The sum of two spans.
    @inlinable
    public static func + (lhs: VirtualDuration, rhs: VirtualDuration) -> VirtualDuration {
        VirtualDuration(nanoseconds: lhs.nanoseconds + rhs.nanoseconds)
    }

    /// The difference of two spans.
    @inlinable
    public static func - (lhs: VirtualDuration, rhs: VirtualDuration) -> VirtualDuration {
        VirtualDuration(nanoseconds: lhs.nanoseconds - rhs.nanoseconds)
    }

    /// The same span, backwards.
    @inlinable
    public static prefix func - (value: VirtualDuration) -> VirtualDuration {
        VirtualDuration(nanoseconds: -value.nanoseconds)
    }

    /// The span `rhs` times as long.
    @inlinable
    public static func * (lhs: VirtualDuration, rhs: Int64) -> VirtualDuration {
        VirtualDuration(nanoseconds: lhs.nanoseconds * rhs)
    }

    /// The span `lhs` times as long.
    @inlinable
    public static func * (lhs: Int64, rhs: VirtualDuration) -> VirtualDuration {
        VirtualDuration(nanoseconds: lhs * rhs.nanoseconds)
    }

    /// The span `rhs` times as long.
    @inlinable
    public static func * (lhs: VirtualDuration, rhs: Int) -> VirtualDuration {
        VirtualDuration(nanoseconds: lhs.nanoseconds * Int64(rhs))
    }

    /// The span `lhs` times as long.
    @inlinable
    public static func * (lhs: Int, rhs: VirtualDuration) -> VirtualDuration {
        VirtualDuration(nanoseconds: Int64(lhs) * rhs.nanoseconds)
    }

    /// Rounds toward zero, as integer division does.
    @inlinable
    public static func / (lhs: VirtualDuration, rhs: Int64) -> VirtualDuration {
        VirtualDuration(nanoseconds: lhs.nanoseconds / rhs)
    }

    /// How many whole `rhs` fit in `lhs` (toward zero).
    @inlinable
    public static func / (lhs: VirtualDuration, rhs: VirtualDuration) -> Int64 {
        lhs.nanoseconds / rhs.nanoseconds
    }

    /// What is left of `lhs` after whole `rhs` (the sign of `lhs`, as integer remainder).
    @inlinable
    public static func % (lhs: VirtualDuration, rhs: VirtualDuration) -> VirtualDuration {
        VirtualDuration(nanoseconds: lhs.nanoseconds % rhs.nanoseconds)
    }

    /// Whole nanoseconds of `duration`, clamped to what virtual time can hold.
    @inlinable
    public init(_ duration: Swift.Duration) {
        // Every sleep converts its duration: `components` divides the 128-bit attoseconds in software (about
        // 140 instructions more a call under callgrind); a duration that is not negative takes one 128-by-64-bit
        // division instead.
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *),
            let nanoseconds = Self.nanoseconds(ofNonNegative: duration.attoseconds)
        {
            self.init(nanoseconds: nanoseconds)
            return
        }
        let (seconds, attoseconds) = duration.components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow {
            self.init(nanoseconds: seconds < 0 ? .min : .max)
            return
        }
        let (sum, overflowSum) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000)
        self.init(nanoseconds: overflowSum ? (attoseconds < 0 ? .min : .max) : sum)
    }

    /// `attoseconds / 10⁹` when `attoseconds` is not negative and the quotient fits an `Int64`, else nil.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @inlinable
    static func nanoseconds(ofNonNegative attoseconds: Int128) -> Int64? {
        guard attoseconds >= 0 else { return nil }
        let high = UInt64(truncatingIfNeeded: attoseconds >> 64)
        // The quotient fits 64 bits only when the high word is below the divisor.
        guard high < 1_000_000_000 else { return nil }
        let (quotient, _) = UInt64(1_000_000_000).dividingFullWidth(
            (high: high, low: UInt64(truncatingIfNeeded: attoseconds)))
        return quotient <= UInt64(Int64.max) ? Int64(quotient) : nil
    }

    /// The same span as a `Swift.Duration`.
    @inlinable
    public var swiftDuration: Swift.Duration { .nanoseconds(nanoseconds) }

    /// The scenario format's syntax: `"1.5s"`, `"250ms"`, `"0s"`, `"-250ms"`.
    public var description: String { DurationFormat.string(nanoseconds) }
}
