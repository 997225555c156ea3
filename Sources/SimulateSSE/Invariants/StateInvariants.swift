import SimulateCore
import SimulateJSON

/// `converged`, `freshness`, `noRevert` and `mutationsDelivered`: what users see against what the server holds.
enum StateInvariants {
    /// At the end, every client that shows "connected" shows exactly the server's items.
    static func converged(_ clients: [SSEClient], server: SSEServer, end: VirtualInstant) -> [Violation] {
        var list = ViolationList()
        let expected = PunchWire.digest(server.items)
        for client in clients where client.phase == .connected && PunchWire.digest(client.model) != expected {
            list.add(
                Violation(
                    at: end, device: client.device.id,
                    message: "\(client.device.id) shows " + describe(client.model) + "; the server has "
                        + describe(server.items),
                    events: client.log.last(2).lines(device: client.device.id)
                        + lastApplied(client)))
        }
        return list.result
    }

    /// While a client shows "connected", a server state never stays off its screen longer than `within`.
    static func freshness(
        _ client: SSEClient, server: SSEServer, within: VirtualDuration, end: VirtualInstant
    ) -> [Violation] {
        guard let log = client.log.all else { preconditionFailure("sse.freshness was not watched") }
        var list = ViolationList()
        var reportedUntil: VirtualInstant?
        for (index, record) in server.log.versions.enumerated() {
            let version = index + 1
            let deadline = record.time + within
            guard deadline <= end, reportedUntil.map({ deadline > $0 }) ?? true, isConnected(log, at: deadline) else {
                continue
            }
            let shown = displayedVersion(client, at: deadline)
            guard shown < version else { continue }
            list.add(
                Violation(
                    at: deadline, device: client.device.id,
                    message:
                        "\(client.device.id) shows \"connected\" but still displays state v\(shown) "
                        + "\(DurationFormat.string(within)) after the server's v\(version) "
                        + "(\(DurationFormat.string(record.time)))",
                    events: lines(log, upTo: lastLogIndex(log, atOrBefore: deadline), device: client.device.id)))
            reportedUntil = nextDisconnect(log, after: deadline) ?? end
        }
        return list.result
    }

    /// An optimistic edit never disappears from the screen because a state older than it arrived.
    static func noRevert(_ world: SSEWorld) -> [Violation] {
        var list = ViolationList()
        for candidate in world.reverts {
            guard let receipt = world.server.log.receipt(serial: candidate.serial), let version = receipt.version
            else { continue }
            let fired = world.mutations[candidate.serial - 1]
            list.add(
                Violation(
                    at: candidate.time, device: candidate.device,
                    message:
                        "\(candidate.device)'s optimistic \(fired.mutation.name) \(JSONWriter.escape(fired.text)) "
                        + "left the screen when the older state v\(candidate.eventVersion) arrived; the server "
                        + "applied it as v\(version)",
                    events: [
                        line(fired.time, fired.device, fired.mutation.requestName + " (optimistic)"),
                        line(candidate.time, candidate.device, "full state v\(candidate.eventVersion)"),
                        line(receipt.time, SSEServer.track, "applied as v\(version)"),
                    ]))
        }
        return list.result
    }

    /// Every mutation a user fired reached the server (applied, or answered 404).
    static func mutationsDelivered(_ world: SSEWorld) -> [Violation] {
        var list = ViolationList()
        for fired in world.mutations where world.server.log.receipt(serial: fired.serial) == nil {
            let outcome = fired.outcome ?? "no answer by the end"
            list.add(
                Violation(
                    at: fired.time, device: fired.device,
                    message:
                        "\(fired.device)'s \(fired.mutation.name) \(JSONWriter.escape(fired.text)) never reached "
                        + "the server (\(fired.mutation.method): \(outcome))"
                        + (fired.optimistic
                            ? "; it was shown optimistically and is gone after the next full state" : ""),
                    events: [line(fired.time, fired.device, fired.mutation.requestName + " → \(outcome)")]))
        }
        return list.result
    }

    static func describe(_ items: [PunchItem]) -> String {
        let shown = items.prefix(5).map { ($0.done ? "✓" : "") + JSONWriter.escape($0.text) }
        return "\(items.count) item\(items.count == 1 ? "" : "s")"
            + (items.isEmpty ? "" : " [" + shown.joined(separator: ", ") + (items.count > 5 ? ", …" : "") + "]")
    }

    static func line(_ time: VirtualInstant, _ track: String, _ text: String) -> String {
        TraceRecord(time: time, track: track, category: "", name: text).line
    }

    private static func lastApplied(_ client: SSEClient) -> [String] {
        guard let last = client.applied.last else { return [] }
        return [line(last.time, client.device.id, "full state v\(last.version)")]
    }

    private static func displayedVersion(_ client: SSEClient, at time: VirtualInstant) -> Int {
        var low = 0
        var high = client.applied.count
        while low < high {
            let middle = (low + high) / 2
            if client.applied[middle].time <= time { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? 0 : client.applied[low - 1].version
    }

    private static func lastLogIndex(_ log: [ClientEvent], atOrBefore time: VirtualInstant) -> Int {
        log.lastIndex { $0.time <= time } ?? 0
    }

    private static func nextDisconnect(_ log: [ClientEvent], after time: VirtualInstant) -> VirtualInstant? {
        log.first { $0.time > time && ($0.kind == .disconnected || $0.kind == .launched) }?
            .time
    }

    /// Trace lines of the 3 log entries up to `index`.
    private static func lines(_ log: [ClientEvent], upTo index: Int, device: String) -> [String] {
        guard !log.isEmpty else { return [] }
        return Array(log[...min(index, log.count - 1)].suffix(3)).lines(device: device)
    }

    /// Whether the client showed "connected" at `time` (after everything that happened at `time`).
    private static func isConnected(_ log: [ClientEvent], at time: VirtualInstant) -> Bool {
        var connected = false
        for event in log {
            if event.time > time { break }
            if event.kind == .connected { connected = true }
            if event.kind == .disconnected || event.kind == .launched { connected = false }
        }
        return connected
    }
}
