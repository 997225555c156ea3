import SimulateCore

/// Collects an invariant's violations up to a bound, then counts the rest in one closing entry.
struct ViolationList {
    private(set) var items: [Violation] = []
    private var dropped = 0
    let limit: Int

    init(limit: Int = 50) {
        self.limit = limit
    }

    mutating func add(_ violation: @autoclosure () -> Violation) {
        if items.count < limit {
            items.append(violation())
        } else {
            dropped += 1
        }
    }

    var result: [Violation] {
        guard dropped > 0, let last = items.last else { return items }
        return items + [
            Violation(
                at: last.at, device: last.device,
                message: "… and \(dropped) more violations of the same invariant")
        ]
    }
}

extension SSEClient {
    /// Trace lines of the log entries up to `index`: the context of a violation.
    func logLines(upTo index: Int, count: Int = 4) -> [String] {
        guard !log.isEmpty else { return [] }
        let last = min(index, log.count - 1)
        return log[max(0, last - count + 1)...last].map { $0.line(device: device.id) }
    }

    /// Start times of this device's reconnect attempts (every attempt after the first), from its log.
    var reconnectTimes: [VirtualInstant] {
        var times: [VirtualInstant] = []
        var attempts = 0
        for event in log where event.kind == .attempt || event.kind == .refusedThenWaited || event.kind == .launched {
            if event.kind == .launched {
                attempts = 0
                continue
            }
            attempts += 1
            if attempts > 1 { times.append(event.time) }
        }
        return times
    }

    /// Whether the client showed "connected" at `time` (after everything that happened at `time`).
    func isConnected(at time: VirtualInstant) -> Bool {
        var connected = false
        for event in log {
            if event.time > time { break }
            if event.kind == .connected { connected = true }
            if event.kind == .disconnected || event.kind == .launched { connected = false }
        }
        return connected
    }
}
