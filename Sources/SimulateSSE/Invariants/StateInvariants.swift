import SimulateCore
import SimulateJSON

/// `converged`, `noRevert` and `mutationsDelivered`: what users see against what the server holds.
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
        guard let last = client.lastApplied else { return [] }
        return [line(last.time, client.device.id, "full state v\(last.version)")]
    }
}
