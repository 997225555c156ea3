import SimulateCore

/// `sse.freshness`: while a client shows "connected", a server state never stays off its screen longer
/// than `within`. Judged as the run goes: each server version waits until its deadline (its time plus
/// `within`) has passed in the client's log, then is judged by the client's state at the deadline;
/// only versions whose deadline has not passed and the full states applied since the earliest such
/// deadline are kept.
final class FreshnessInvariant: ClientLogWatcher {
    private var state: State

    init(device: String, within: VirtualDuration) {
        state = State(id: device, within: within)
    }

    /// The server recorded `version` at `time`.
    func serverVersion(_ version: Int, at time: VirtualInstant) {
        state.pending.append((version, time))
    }

    /// The client applied a full state of `version` at `time`. `judged`: the log's last entries when every
    /// entry written has been judged (nil: some wait): the versions whose deadline is past are judged now, as
    /// the log's next entry would judge them (with the same entries cited), so a client whose log stays quiet
    /// keeps no more than the versions of one `within`.
    func applied(_ version: Int, at time: VirtualInstant, judged: RecentEvents?) {
        if let judged { state.judgeDue(before: time, end: nil, cited: judged[...]) }
        state.applied.append(AppliedState(time: time, version: version))
        state.trim(now: time)
    }

    func observe(_ event: ClientEvent, recent: RecentEvents) {
        // The entries before this one: the last ones at or before every deadline judged here.
        state.judgeDue(before: event.time, end: nil, cited: recent.dropLast())
        state.observe(event)
    }

    /// The violations of the whole run, at its `end`. Leaves the state as it is, so it can be asked again.
    func violations(end: VirtualInstant, recent: RecentEvents) -> [Violation] {
        var final = state
        final.judgeDue(before: nil, end: end, cited: recent[...])
        return final.list.result
    }

    private struct State {
        let id: String
        let within: VirtualDuration
        var list = ViolationList()
        /// Server versions whose deadline has not passed in the log, in order.
        var pending: [(version: Int, time: VirtualInstant)] = []
        /// The full states applied since the earliest deadline still to judge, and the one before.
        var applied: [AppliedState] = []
        var connected = false
        /// Versions whose deadline is at or before it are not reported again.
        var reportedUntil: VirtualInstant?
        /// After a violation at this deadline, until the next disconnect (which sets ``reportedUntil``).
        var reportedSince: VirtualInstant?

        init(id: String, within: VirtualDuration) {
            self.id = id
            self.within = within
        }

        /// Judges every pending version whose deadline is before `time` (nil: all, at the run's `end`).
        mutating func judgeDue(before time: VirtualInstant?, end: VirtualInstant?, cited: Slice<RecentEvents>) {
            var next = 0
            while next < pending.count {
                let (version, recorded) = pending[next]
                let deadline = recorded + within
                if let time, deadline >= time { break }
                next += 1
                judge(version, recorded: recorded, deadline: deadline, end: end, cited: cited)
            }
            if next > 0 { pending.removeFirst(next) }
        }

        private mutating func judge(
            _ version: Int, recorded: VirtualInstant, deadline: VirtualInstant, end: VirtualInstant?,
            cited: Slice<RecentEvents>
        ) {
            if let end, deadline > end { return }
            if reportedSince != nil { return }
            if let reportedUntil, deadline <= reportedUntil { return }
            guard connected else { return }
            let shown = displayedVersion(at: deadline)
            guard shown < version else { return }
            list.add(
                Violation(
                    at: deadline, device: id,
                    message:
                        "\(id) shows \"connected\" but still displays state v\(shown) "
                        + "\(DurationFormat.string(within)) after the server's v\(version) "
                        + "(\(DurationFormat.string(recorded)))",
                    events: Array(cited).lines(device: id, count: 3)))
            reportedSince = deadline
        }

        mutating func observe(_ event: ClientEvent) {
            if reportedSince != nil, event.kind == .disconnected || event.kind == .launched {
                reportedUntil = event.time
                reportedSince = nil
            }
            if event.kind == .connected { connected = true }
            if event.kind == .disconnected || event.kind == .launched { connected = false }
            trim(now: event.time)
        }

        /// Keeps the applied states a later deadline can still ask about.
        mutating func trim(now: VirtualInstant) {
            let earliest = pending.first.map { $0.time + within } ?? now
            var drop = 0
            while drop + 1 < applied.count, applied[drop + 1].time <= earliest { drop += 1 }
            if drop > 0 { applied.removeFirst(drop) }
        }

        private func displayedVersion(at time: VirtualInstant) -> Int {
            applied.last { $0.time <= time }?.version ?? 0
        }
    }
}
