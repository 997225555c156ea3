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
        var list = ViolationList()
        let id = client.device.id
        var connected = false
        var connectedAt: VirtualInstant?
        var disconnectedSince = VirtualInstant.start
        var shown = false
        var mustHideAt: (time: VirtualInstant, index: Int)?
        func add(_ time: VirtualInstant, _ index: Int, _ message: String) {
            list.add(
                Violation(
                    at: time, device: id, message: message,
                    events: client.logLines(upTo: index)))
        }
        for (index, event) in client.log.enumerated() {
            let time = event.time
            if let pending = mustHideAt, time > pending.time {
                add(
                    pending.time, pending.index,
                    "\(id) reconnected at \(seconds(pending.time)) but still shows the offline indicator")
                mustHideAt = nil
            }
            switch event.kind {
            case .connected:
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
            case .disconnected:
                connected = false
                disconnectedSince = time
            case .indicatorShown:
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
            case .launched:
                connected = false
                connectedAt = nil
                disconnectedSince = time
                shown = false
                mustHideAt = nil
            case .indicatorHidden:
                if !connected && connectedAt != time {
                    add(time, index, "\(id) hid the offline indicator while still disconnected")
                }
                shown = false
                mustHideAt = nil
            default:
                break
            }
        }
        if let pending = mustHideAt {
            add(
                pending.time, pending.index,
                "\(id) reconnected at \(seconds(pending.time)) but still shows the offline indicator")
        }
        if !connected && !shown && end - disconnectedSince >= delay + tolerance {
            add(
                end, client.log.count - 1,
                "\(id) has been disconnected since \(seconds(disconnectedSince)) and the offline indicator is not shown"
            )
        }
        return list.result + ConnectionReportCheck.evaluate(client, tolerance: tolerance, end: end)
    }

    private static func toleranceText(_ tolerance: VirtualDuration) -> String {
        tolerance == .zero ? "" : " + \(DurationFormat.string(tolerance)) tolerance"
    }

    static func seconds(_ time: VirtualInstant) -> String {
        DurationFormat.string(time)
    }
}
