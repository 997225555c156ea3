/// How finely the Punchlist server's clock ticks, which decides whether two adds can get one id.
public enum ServerClockResolution: String, CaseIterable, Sendable {
    /// The toolkit's own rule (the seed does not say): ids are the server clock in nanoseconds, and an
    /// add that lands in the nanosecond of the previous id gets the previous id + 1 ns, so ids never
    /// repeat.
    case nanosecond
    /// Go's `time.Now().UnixNano()` on macOS, which is a whole number of microseconds (golang/go#27301):
    /// the id is the clock cut to the microsecond, with no bump, so two adds in the same microsecond get
    /// the same id (and `sse.serverIds` reports it).
    case microsecond

    /// The id an add at `clock` (Unix nanoseconds) gets after `previous`.
    func id(clock: Int64, previous: Int64) -> Int64 {
        switch self {
        case .nanosecond: max(clock, previous + 1)
        case .microsecond: clock - clock % 1_000
        }
    }
}
