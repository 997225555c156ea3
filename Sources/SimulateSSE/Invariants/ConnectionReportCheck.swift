import SimulateCore

/// Part of `sse.offlineIndicator` for an app client: the "connected" its screen reports (its own
/// `isConnected`) follows what the simulation delivered on the wire. Field report 19: "connected"
/// means the server's first bytes arrived; it ends when the stream ends. A report that differs from
/// the wire for longer than `tolerance` is a violation that names both sides.
struct ConnectionReportCheck {
    private let id: String
    private let tolerance: VirtualDuration
    private var list = ViolationList()

    private var wireUp = false
    /// When the wire last changed, and the stream end's reason when it went down.
    private var wireSince = VirtualInstant.start
    private var lastDrop: (time: VirtualInstant, reason: String)?
    private var reported = false
    private var mismatch: Mismatch?

    /// The report and the wire disagree since `since`.
    private struct Mismatch {
        var since: VirtualInstant
        /// The wire changed and the app did not follow (else the app reported a change the wire did not show).
        var wireFirst: Bool
        /// What the app says meanwhile.
        var appConnected: Bool
        var wireSince: VirtualInstant
        var lastDrop: (time: VirtualInstant, reason: String)?
    }

    init(device: String, tolerance: VirtualDuration) {
        id = device
        self.tolerance = tolerance
    }

    mutating func observe(_ event: ClientEvent, recent: RecentEvents) {
        switch event.kind {
        case .connected: wire(up: true, at: event.time, recent: recent, reason: nil)
        case .disconnected:
            wire(
                up: false, at: event.time, recent: recent,
                reason: ClientEvent.Reason(rawValue: event.value)?.text ?? "ended")
        case .reportedConnection: report(connected: event.value == 1, at: event.time, recent: recent)
        case .launched:
            wireUp = false
            reported = false
            lastDrop = nil
            mismatch = nil
        default: break
        }
    }

    /// The violations of the whole run, at its `end`; `recent` holds the log's last entries.
    func violations(end: VirtualInstant, recent: RecentEvents) -> [Violation] {
        var check = self
        if let open = mismatch { check.judge(open, until: nil, recent: recent, byWire: false, end: end) }
        return check.list.result
    }

    private mutating func wire(up: Bool, at time: VirtualInstant, recent: RecentEvents, reason: String?) {
        if !up, let reason { lastDrop = (time, reason) }
        wireUp = up
        wireSince = time
        changed(at: time, recent: recent, wireFirst: true)
    }

    private mutating func report(connected: Bool, at time: VirtualInstant, recent: RecentEvents) {
        reported = connected
        changed(at: time, recent: recent, wireFirst: false)
    }

    private mutating func changed(at time: VirtualInstant, recent: RecentEvents, wireFirst: Bool) {
        if reported == wireUp {
            if let open = mismatch { judge(open, until: time, recent: recent, byWire: wireFirst) }
            mismatch = nil
        } else if mismatch == nil {
            mismatch = Mismatch(
                since: time, wireFirst: wireFirst, appConnected: reported, wireSince: wireSince,
                lastDrop: lastDrop)
        }
    }

    /// A disagreement from `open.since` until `until` (nil: still at the end of the run), ended by the
    /// app's report or, `byWire`, by the wire changing again.
    private mutating func judge(
        _ open: Mismatch, until: VirtualInstant?, recent: RecentEvents, byWire: Bool, end: VirtualInstant? = nil
    ) {
        let last = until ?? end ?? open.since
        guard last - open.since > tolerance else { return }
        let since = DurationFormat.string(open.since)
        let message: String
        let until = until.map(DurationFormat.string)
        switch (open.wireFirst, open.appConnected) {
        case (true, false):
            message =
                "\(id) received the first bytes of its stream at \(since) but "
                + (until.map {
                    byWire
                        ? "did not report connected before the stream ended at \($0)"
                        : "reported connected only at \($0)"
                } ?? "never reported connected after that")
        case (true, true):
            let reason = open.lastDrop.map { " (\($0.reason))" } ?? ""
            message =
                "\(id)'s stream ended at \(since)\(reason) but "
                + (until.map {
                    byWire
                        ? "it reported connected until the next stream's first bytes at \($0)"
                        : "it reported connected until \($0)"
                } ?? "it still reports connected at the end")
        case (false, true):
            let drop = open.lastDrop.map { "since the drop at \(DurationFormat.string($0.time))" } ?? "since launch"
            message =
                "\(id) reports connected at \(since) but no bytes reached it \(drop)"
                + (until.map { " (until \($0))" } ?? "")
        case (false, false):
            message =
                "\(id) reports disconnected at \(since) while its stream has been delivering since "
                + DurationFormat.string(open.wireSince) + (until.map { " (until \($0))" } ?? "")
        }
        let violation = Violation(at: open.since, device: id, message: message, events: recent.lines(device: id))
        list.add(violation)
    }
}
