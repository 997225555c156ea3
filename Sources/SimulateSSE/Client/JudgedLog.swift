import SimulateCore

/// A client's connection log as its invariants read it: each entry is judged as it is written, by the
/// watchers the run registered for its invariants, then forgotten, except the last few that violation
/// messages cite. A run's memory does not grow with its length (README.md, "Memory").
struct JudgedLog {
    /// How many of the last entries a violation cites at most.
    static let cited = RecentEvents.capacity

    /// Entries written and judged.
    private(set) var judged = 0
    /// Entries written but not judged yet: entries from ``holdFrom`` on.
    private var held: [ClientEvent] = []
    /// The last judged entries (at most ``cited``), oldest first.
    private(set) var recent = RecentEvents()
    /// Entries from this index on wait to be judged: an app client's log gets a backoff wait inserted
    /// after a failure once the app answers it.
    var holdFrom: Int? {
        didSet { release() }
    }
    var watchers: [any ClientLogWatcher] = []

    /// Entries written so far: the next entry's index.
    var count: Int { judged + held.count }
    /// Entries kept in memory.
    var kept: Int { recent.count + held.count }
    /// Some entries wait to be judged.
    var isHolding: Bool { !held.isEmpty }

    mutating func append(_ event: ClientEvent) {
        if held.isEmpty && judgesNext {
            judge(event)
        } else {
            held.append(event)
            release()
        }
    }

    mutating func insert(_ event: ClientEvent, at index: Int) {
        precondition(index >= judged, "a log entry inserted before one already judged")
        held.insert(event, at: index - judged)
        release()
    }

    /// The last ``cited`` entries written, held ones included.
    var last: RecentEvents {
        var last = recent
        for event in held { last.push(event) }
        return last
    }

    /// The next entry to judge comes before ``holdFrom``.
    private var judgesNext: Bool { holdFrom.map { judged < $0 } ?? true }

    private mutating func release() {
        var next = 0
        while next < held.count, judgesNext {
            judge(held[next])
            next += 1
        }
        if next > 0 { held.removeFirst(next) }
    }

    private mutating func judge(_ event: ClientEvent) {
        recent.push(event)
        for watcher in watchers { watcher.observe(event, recent: recent) }
        judged += 1
    }
}

/// An invariant judged entry by entry. `recent` ends with `event`: the entries a violation found at
/// this entry cites.
protocol ClientLogWatcher: AnyObject {
    func observe(_ event: ClientEvent, recent: RecentEvents)
}

extension Collection where Element == ClientEvent {
    /// Trace lines of the last `count` entries: the context of a violation.
    func lines(device: String, count: Int = JudgedLog.cited) -> [String] {
        suffix(count).map { $0.line(device: device) }
    }
}
