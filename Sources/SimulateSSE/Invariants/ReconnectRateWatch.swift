import SimulateCore

/// `sse.reconnectRate` judged as reconnects happen, with the verdicts of
/// ``ServerInvariants/reconnectRate(_:max:window:)`` over the whole list: it keeps the reconnect times
/// within one `window` of the latest (at most `max` + 1 of them), not every reconnect of the run.
final class ReconnectRateWatch {
    let limit: Int
    let window: VirtualDuration
    private var list = ViolationList(limit: 10)
    /// The times from the window's first on; `head` is the first still in it.
    private var times: [VirtualInstant] = []
    private var head = 0
    /// A burst over the limit: where it started and how many it holds so far, extended while later
    /// reconnects still fall within `window` of its start.
    private var burst: (start: VirtualInstant, count: Int)?

    init(max limit: Int, window: VirtualDuration) {
        self.limit = limit
        self.window = window
    }

    func reconnected(at time: VirtualInstant) {
        if let open = burst {
            if time - open.start < window {
                burst = (open.start, open.count + 1)
                return
            }
            close(open)
        }
        times.append(time)
        while head < times.count, time - times[head] >= window { head += 1 }
        if head > 64 && head * 2 > times.count {
            times.removeFirst(head)
            head = 0
        }
        if times.count - head > limit {
            burst = (times[head], times.count - head)
            times.removeAll(keepingCapacity: true)
            head = 0
        }
    }

    /// The violations so far, a burst still open included.
    var violations: [Violation] {
        var list = list
        if let burst { list.add(violation(burst)) }
        return list.result
    }

    private func close(_ open: (start: VirtualInstant, count: Int)) {
        list.add(violation(open))
        burst = nil
    }

    private func violation(_ burst: (start: VirtualInstant, count: Int)) -> Violation {
        Violation(
            at: burst.start, device: nil,
            message:
                "\(burst.count) reconnect attempts within \(DurationFormat.string(window)) "
                + "from \(DurationFormat.string(burst.start)) (at most \(limit) allowed)")
    }
}
