import SimulateCore

/// `sse.offlineIndicator`: seed 002, "shown after 1.5s of disconnect (not immediately, to avoid
/// flicker on brief interruptions)". Never shown before the delay of continuous disconnect, shown
/// once it has passed (at most `tolerance` later), hidden on reconnect. Connected and disconnected
/// are the wire's (field report 19: the first bytes of a stream reached the device; the stream
/// ended), never the app's own word; an app's reported "connected" is cross-checked against them
/// (``ConnectionReportCheck``). Within one instant the order of the wire's and the app's changes is
/// not judged: an app reads bytes in a job after the one that delivered them.
enum IndicatorInvariant {
    static func evaluate(
        _ client: SSEClient, delay: VirtualDuration, tolerance: VirtualDuration,
        end: VirtualInstant
    ) -> [Violation] {
        var replay = Replay(client: client, delay: delay, tolerance: tolerance)
        for (index, event) in client.log.enumerated() {
            replay.step(event, index)
        }
        replay.finish(end: end)
        return replay.list.result + ConnectionReportCheck.evaluate(client, tolerance: tolerance, end: end)
    }

    /// The client's log replayed event by event: what the wire says and what the app shows.
    private struct Replay {
        let client: SSEClient
        let delay: VirtualDuration
        let tolerance: VirtualDuration
        var list = ViolationList()
        var connected = false
        var connectedAt: VirtualInstant?
        var disconnectedSince = VirtualInstant.start
        var shown = false
        /// A reconnect while the indicator showed: it must be hidden before time moves on.
        var mustHideAt: (time: VirtualInstant, index: Int)?

        init(client: SSEClient, delay: VirtualDuration, tolerance: VirtualDuration) {
            self.client = client
            self.delay = delay
            self.tolerance = tolerance
        }

        var id: String { client.device.id }

        mutating func step(_ event: ClientEvent, _ index: Int) {
            let time = event.time
            if let pending = mustHideAt, time > pending.time {
                reportStillShown(pending)
                mustHideAt = nil
            }
            switch event.kind {
            case .connected: connect(time, index)
            case .disconnected:
                connected = false
                disconnectedSince = time
            case .indicatorShown: show(time, index)
            case .launched:
                connected = false
                connectedAt = nil
                disconnectedSince = time
                shown = false
                mustHideAt = nil
            case .indicatorHidden: hide(time, index)
            default: break
            }
        }

        /// The wire connected: a disconnect long enough must have shown the indicator, which must now go.
        private mutating func connect(_ time: VirtualInstant, _ index: Int) {
            if !shown && time - disconnectedSince > delay + tolerance {
                add(
                    time, index,
                    "\(id) was disconnected for \(DurationFormat.string(time - disconnectedSince)) "
                        + "(from \(seconds(disconnectedSince))) without showing the offline indicator "
                        + "(delay \(DurationFormat.string(delay))" + toleranceText(tolerance) + ")")
            }
            connected = true
            connectedAt = time
            if shown { mustHideAt = (time, index) }
        }

        /// The indicator appeared: only while disconnected, not before the delay, not long after it.
        private mutating func show(_ time: VirtualInstant, _ index: Int) {
            if connected && connectedAt == time {
                // Shown as the first bytes arrived, before the app read them: judged by the hide.
            } else if connected {
                add(time, index, "\(id) showed the offline indicator while connected")
            } else if time - disconnectedSince < delay {
                add(
                    time, index,
                    "\(id) showed the offline indicator after \(DurationFormat.string(time - disconnectedSince)) "
                        + "of disconnect, before the \(DurationFormat.string(delay)) delay")
            } else if time - disconnectedSince > delay + tolerance {
                add(
                    time, index,
                    "\(id) showed the offline indicator after \(DurationFormat.string(time - disconnectedSince)) "
                        + "of disconnect (from \(seconds(disconnectedSince))), later than the "
                        + "\(DurationFormat.string(delay)) delay" + toleranceText(tolerance))
            }
            shown = true
        }

        /// The indicator went away: only once connected (or in the instant of connecting).
        private mutating func hide(_ time: VirtualInstant, _ index: Int) {
            if !connected && connectedAt != time {
                add(time, index, "\(id) hid the offline indicator while still disconnected")
            }
            shown = false
            mustHideAt = nil
        }

        /// The end of the run: a pending hide, and a disconnect long enough with no indicator.
        mutating func finish(end: VirtualInstant) {
            if let pending = mustHideAt { reportStillShown(pending) }
            if !connected && !shown && end - disconnectedSince >= delay + tolerance {
                add(
                    end, client.log.count - 1,
                    "\(id) has been disconnected since \(seconds(disconnectedSince)) and the offline indicator is not shown"
                )
            }
        }

        private mutating func reportStillShown(_ pending: (time: VirtualInstant, index: Int)) {
            add(
                pending.time, pending.index,
                "\(id) reconnected at \(seconds(pending.time)) but still shows the offline indicator")
        }

        private mutating func add(_ time: VirtualInstant, _ index: Int, _ message: String) {
            let violation = Violation(at: time, device: id, message: message, events: client.logLines(upTo: index))
            list.add(violation)
        }
    }

    private static func toleranceText(_ tolerance: VirtualDuration) -> String {
        tolerance == .zero ? "" : " + \(DurationFormat.string(tolerance)) tolerance"
    }

    static func seconds(_ time: VirtualInstant) -> String {
        DurationFormat.string(time)
    }
}
