import SimulateCore

/// The Punchlist server's events of two runs, paired by kind and device in time order. Both sides'
/// times are scenario time (`serve --speed` records scenario time too). A device whose real first
/// connect is later than the in-process one (a client started by hand) has its connects compared from
/// that start.
public struct TraceComparison: Sendable {
    /// One server event: what happened and when, in scenario time.
    public struct Event: Equatable, Sendable {
        /// When the server recorded it, in scenario time.
        public var time: VirtualInstant
        /// `accept phone`, `restart`, `mutation add`.
        public var key: String

        /// An event `key` at `time`.
        public init(time: VirtualInstant, key: String) {
            self.time = time
            self.key = key
        }
    }

    /// An event of one side and its counterpart on the other; a side is nil where it has no counterpart.
    public struct Pair: Equatable, Sendable {
        /// The event's kind and device, as in ``Event/key``.
        public var key: String
        /// When the in-process run had it (nil: only the real run did).
        public var expected: VirtualInstant?
        /// When the real run had it (nil: only the in-process run did).
        public var observed: VirtualInstant?
    }

    /// The in-process run's server events, in time order.
    public let expected: [Event]
    /// The real run's server events, in time order.
    public let observed: [Event]
    /// How far apart a pair's times may be and still match.
    public let tolerance: VirtualDuration
    /// Per device, how much later its real first connect came (only where beyond the tolerance).
    public let lateStarts: [(device: String, by: VirtualDuration)]
    /// Every event of both sides, paired, in time order.
    public let pairs: [Pair]

    /// Pairs `expected` and `observed` by key in time order; a side's extra events stay unpaired.
    public init(expected: [Event], observed: [Event], tolerance: VirtualDuration) {
        self.expected = expected
        self.tolerance = tolerance
        var late: [(String, VirtualDuration)] = []
        var shifted = observed
        for key in Self.keys(expected + observed) where key.hasPrefix("accept ") {
            guard let left = expected.first(where: { $0.key == key }),
                let right = observed.first(where: { $0.key == key })
            else { continue }
            let offset = right.time - left.time
            guard offset > tolerance else { continue }
            late.append((String(key.dropFirst("accept ".count)), offset))
            for index in shifted.indices where shifted[index].key == key {
                shifted[index].time = shifted[index].time - offset
            }
        }
        self.observed = shifted
        lateStarts = late
        pairs = Self.keys(expected + shifted).flatMap { key in
            Self.align(
                key, expected.filter { $0.key == key }.map(\.time).sorted(),
                shifted.filter { $0.key == key }.map(\.time).sorted())
        }.enumerated().sorted { a, b in
            let left = a.element.expected ?? a.element.observed ?? .start
            let right = b.element.expected ?? b.element.observed ?? .start
            return left == right ? a.offset < b.offset : left < right
        }.map(\.element)
    }

    /// The server's events in a trace: the records of the `server:sse` track.
    public static func serverEvents(_ records: [TraceRecord]) -> [Event] {
        records.filter { $0.track == "server:sse" }.compactMap { record in
            switch (record.category, record.name) {
            case ("connection", "accept"):
                Event(time: record.time, key: "accept " + record.detail)
            case ("connection", "restart"): Event(time: record.time, key: "restart")
            case ("mutation", let name): Event(time: record.time, key: "mutation " + name)
            default: nil
            }
        }
    }

    private static func keys(_ events: [Event]) -> [String] {
        var seen: Set<String> = []
        return events.map(\.key).filter { seen.insert($0).inserted }
    }

    /// Pairs one key's events in time order; an event nearer the other side's next event than its own
    /// counterpart is left unpaired (one side retried more), so later pairs do not shift.
    static func align(_ key: String, _ left: [VirtualInstant], _ right: [VirtualInstant]) -> [Pair] {
        var pairs: [Pair] = []
        var i = 0
        var j = 0
        while i < left.count || j < right.count {
            guard i < left.count else {
                pairs.append(Pair(key: key, expected: nil, observed: right[j]))
                j += 1
                continue
            }
            guard j < right.count else {
                pairs.append(Pair(key: key, expected: left[i], observed: nil))
                i += 1
                continue
            }
            let gap = (left[i] - right[j]).magnitude
            if j + 1 < right.count, (left[i] - right[j + 1]).magnitude < gap {
                pairs.append(Pair(key: key, expected: nil, observed: right[j]))
                j += 1
            } else if i + 1 < left.count, (left[i + 1] - right[j]).magnitude < gap {
                pairs.append(Pair(key: key, expected: left[i], observed: nil))
                i += 1
            } else {
                pairs.append(Pair(key: key, expected: left[i], observed: right[j]))
                i += 1
                j += 1
            }
        }
        return pairs
    }

    private func departs(_ pair: Pair) -> Bool {
        guard let left = pair.expected, let right = pair.observed else { return true }
        return (right - left).magnitude > tolerance
    }

    /// Whether every event has a counterpart within `tolerance`.
    public var matches: Bool { !pairs.contains(where: departs) }

    /// The comparison as `simulate diff` prints it: late starts first, then one line per pair, times in milliseconds.
    public func lines() -> [String] {
        let time = { (value: VirtualInstant?) in value.map { DurationFormat.secondsText($0) } ?? "—" }
        var lines = lateStarts.map {
            "\($0.device): first connect \(DurationFormat.secondsText($0.by)) later than in-process; its connects are compared from that start"
        }
        lines.append("event                          in-process   real         Δ        (scenario time, ms)")
        for pair in pairs {
            let delta =
                pair.expected.flatMap { left in pair.observed.map { DurationFormat.secondsText(($0 - left).magnitude) }
                }
                ?? "missing"
            let mark = departs(pair) ? "  ✗" : ""
            lines.append(
                pair.key.padding(toLength: 30, withPad: " ", startingAt: 0) + " "
                    + time(pair.expected).padding(toLength: 12, withPad: " ", startingAt: 0)
                    + " " + time(pair.observed).padding(toLength: 12, withPad: " ", startingAt: 0) + " " + delta + mark)
        }
        if let first = pairs.first(where: departs) {
            lines.append(
                "first departure: \(first.key): in-process \(time(first.expected)), real \(time(first.observed)) (tolerance \(DurationFormat.string(tolerance)))"
            )
        } else {
            lines.append(
                "the real run matches the in-process run: \(pairs.count) events within \(DurationFormat.string(tolerance))"
            )
        }
        return lines
    }
}
