import SimulateCore

/// `sse.offlineIndicator`: seed 002, "shown after 1.5s of disconnect (not immediately, to avoid
/// flicker on brief interruptions)". Never shown before the delay of continuous disconnect, shown
/// once it has passed (at most `tolerance` later), hidden on reconnect. Connected and disconnected
/// are the wire's (field report 19: the first bytes of a stream reached the device; the stream
/// ended), never the app's own word; an app's reported "connected" is cross-checked against them
/// (``ConnectionReportCheck``). Within one instant the order of the wire's and the app's changes is
/// not judged: an app reads bytes in a job after the one that delivered them. Judged entry by entry
/// as the client's log is written.
final class IndicatorInvariant: ClientLogWatcher {
    private let id: String
    private let delay: VirtualDuration
    private let tolerance: VirtualDuration
    private var list = ViolationList()
    private var connected = false
    private var connectedAt: VirtualInstant?
    private var disconnectedSince = VirtualInstant.start
    private var shown = false
    private var mustHideAt: (time: VirtualInstant, recent: RecentEvents)?
    private var report: ConnectionReportCheck

    init(device: String, delay: VirtualDuration, tolerance: VirtualDuration) {
        id = device
        self.delay = delay
        self.tolerance = tolerance
        report = ConnectionReportCheck(device: device, tolerance: tolerance)
    }

    private func add(_ time: VirtualInstant, _ recent: RecentEvents, _ message: String) {
        list.add(Violation(at: time, device: id, message: message, events: recent.lines(device: id)))
    }

    func observe(_ event: ClientEvent, recent: RecentEvents) {
        report.observe(event, recent: recent)
        let time = event.time
        if let pending = mustHideAt, time > pending.time {
            add(
                pending.time, pending.recent,
                "\(id) reconnected at \(Self.seconds(pending.time)) but still shows the offline indicator")
            mustHideAt = nil
        }
        switch event.kind {
        case .connected:
            if !shown && time - disconnectedSince > delay + tolerance {
                add(
                    time, recent,
                    "\(id) was disconnected for \(DurationFormat.string(time - disconnectedSince)) "
                        + "(from \(Self.seconds(disconnectedSince))) without showing the offline indicator "
                        + "(delay \(DurationFormat.string(delay))" + toleranceText + ")")
            }
            connected = true
            connectedAt = time
            if shown { mustHideAt = (time, recent) }
        case .disconnected:
            connected = false
            disconnectedSince = time
        case .indicatorShown:
            if connected && connectedAt == time {
                // Shown as the first bytes arrived, before the app read them: judged by the hide.
            } else if connected {
                add(time, recent, "\(id) showed the offline indicator while connected")
            } else if time - disconnectedSince < delay {
                add(
                    time, recent,
                    "\(id) showed the offline indicator after \(DurationFormat.string(time - disconnectedSince)) "
                        + "of disconnect, before the \(DurationFormat.string(delay)) delay")
            } else if time - disconnectedSince > delay + tolerance {
                add(
                    time, recent,
                    "\(id) showed the offline indicator after \(DurationFormat.string(time - disconnectedSince)) "
                        + "of disconnect (from \(Self.seconds(disconnectedSince))), later than the "
                        + "\(DurationFormat.string(delay)) delay" + toleranceText)
            }
            shown = true
        case .launched:
            connected = false
            connectedAt = nil
            disconnectedSince = time
            shown = false
            mustHideAt = nil
        case .indicatorHidden:
            if !connected && connectedAt != time {
                add(time, recent, "\(id) hid the offline indicator while still disconnected")
            }
            shown = false
            mustHideAt = nil
        default:
            break
        }
    }

    /// The violations of the whole run, at its `end`; `recent` holds the log's last entries. Leaves the
    /// state as it is, so it can be asked again.
    func violations(end: VirtualInstant, recent: RecentEvents, reportsConnection: Bool) -> [Violation] {
        let judged = list
        defer { list = judged }
        if let pending = mustHideAt {
            add(
                pending.time, pending.recent,
                "\(id) reconnected at \(Self.seconds(pending.time)) but still shows the offline indicator")
        }
        if !connected && !shown && end - disconnectedSince >= delay + tolerance {
            add(
                end, recent,
                "\(id) has been disconnected since \(Self.seconds(disconnectedSince)) and the offline indicator is not shown"
            )
        }
        return list.result + (reportsConnection ? report.violations(end: end, recent: recent) : [])
    }

    private var toleranceText: String {
        tolerance == .zero ? "" : " + \(DurationFormat.string(tolerance)) tolerance"
    }

    static func seconds(_ time: VirtualInstant) -> String {
        DurationFormat.string(time)
    }
}
