/// The seed's reconnect delays: 1 s, doubling, capped at 30 s.
enum BackoffSchedule {
    static let initialSeconds: Int64 = 1
    static let capSeconds: Int64 = 30

    /// The delay of the `index`-th consecutive failed reconnect (0-based), in seconds.
    static func delaySeconds(_ index: Int) -> Int64 {
        var delay = initialSeconds
        for _ in 0..<min(index, 8) { delay = min(capSeconds, delay * 2) }
        return delay
    }

    /// Virtual seconds taken by the first `count` delays.
    static func totalSeconds(_ count: Int) -> Int64 {
        (0..<count).reduce(0) { $0 + delaySeconds($1) }
    }
}

/// One measured workload: how many virtual sleeps resolved in how much wall time.
struct Measurement {
    var sleeps: Int
    var wallSeconds: Double

    var rate: Double { Double(sleeps) / wallSeconds }
}
