extension VirtualDuration {
    /// `seconds` rounded to the nearest nanosecond, for a count of seconds that arrives as a `Double`
    /// (a CloudKit retry-after, a rate). Never traps: NaN and negative counts give ``zero`` (no time
    /// to wait), and a count beyond what virtual time holds (infinity included) gives ``infinite``.
    @inlinable
    public init(clampingSeconds seconds: Double) {
        guard seconds > 0 else {
            self = .zero
            return
        }
        let nanoseconds = (seconds * 1e9).rounded()
        // 2^63 is the first Double above Int64.max.
        self = nanoseconds < 9_223_372_036_854_775_808.0 ? .nanoseconds(Int64(nanoseconds)) : .infinite
    }

    /// The distance from zero: `(a - b).magnitude` is how far apart two instants or durations are.
    @inlinable
    public var magnitude: VirtualDuration { VirtualDuration(nanoseconds: abs(nanoseconds)) }
}
