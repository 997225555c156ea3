import SimulateCore

/// Part of `sse.offlineIndicator` for an app client: the "connected" its screen reports (its own
/// `isConnected`) follows what the simulation delivered on the wire. Field report 19: "connected"
/// means the server's first bytes arrived; it ends when the stream ends. A report that differs from
/// the wire for longer than `tolerance` is a violation that names both sides.
struct ConnectionReportCheck {
    private let client: SSEClient
    private let tolerance: VirtualDuration
    private var id: String { client.device.id }
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
        var index: Int
        /// The wire changed and the app did not follow (else the app reported a change the wire did not show).
        var wireFirst: Bool
        /// What the app says meanwhile.
        var appConnected: Bool
        var wireSince: VirtualInstant
        var lastDrop: (time: VirtualInstant, reason: String)?
    }

    private init(client: SSEClient, tolerance: VirtualDuration) {
        self.client = client
        self.tolerance = tolerance
    }

    static func evaluate(_ client: SSEClient, tolerance: VirtualDuration, end: VirtualInstant) -> [Violation] {
        guard client.reportedConnected != nil else { return [] }
        var check = ConnectionReportCheck(client: client, tolerance: tolerance)
        for (index, event) in client.log.enumerated() {
            switch event.kind {
            case .connected: check.wire(up: true, at: event.time, index: index, reason: nil)
            case .disconnected:
                check.wire(
                    up: false, at: event.time, index: index,
                    reason: ClientEvent.Reason(rawValue: event.value)?.text ?? "ended")
            case .reportedConnection: check.report(connected: event.value == 1, at: event.time, index: index)
            case .launched:
                check.wireUp = false
                check.reported = false
                check.lastDrop = nil
                check.mismatch = nil
            default: break
            }
        }
        check.close(at: end)
        return check.list.result
    }

    private mutating func wire(up: Bool, at time: VirtualInstant, index: Int, reason: String?) {
        if !up, let reason { lastDrop = (time, reason) }
        wireUp = up
        wireSince = time
        changed(at: time, index: index, wireFirst: true)
    }

    private mutating func report(connected: Bool, at time: VirtualInstant, index: Int) {
        reported = connected
        changed(at: time, index: index, wireFirst: false)
    }

    private mutating func changed(at time: VirtualInstant, index: Int, wireFirst: Bool) {
        if reported == wireUp {
            if let open = mismatch { judge(open, until: time, index: index, byWire: wireFirst) }
            mismatch = nil
        } else if mismatch == nil {
            mismatch = Mismatch(
                since: time, index: index, wireFirst: wireFirst, appConnected: reported, wireSince: wireSince,
                lastDrop: lastDrop)
        }
    }

    private mutating func close(at end: VirtualInstant) {
        guard let open = mismatch else { return }
        judge(open, until: nil, index: client.log.count - 1, byWire: false, end: end)
    }

    /// A disagreement from `open.since` until `until` (nil: still at the end of the run), ended by the
    /// app's report or, `byWire`, by the wire changing again.
    private mutating func judge(
        _ open: Mismatch, until: VirtualInstant?, index: Int, byWire: Bool, end: VirtualInstant? = nil
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
        let violation = Violation(at: open.since, device: id, message: message, events: client.logLines(upTo: index))
        list.add(violation)
    }
}
