import SimulateCore
import SimulateJSON

/// `converged`: what users see against what the server holds (`noRevert` and `mutationsDelivered`: MutationLedger).
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
                    events: client.log.last.lines(device: client.device.id, count: 2)
                        + lastApplied(client)))
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
