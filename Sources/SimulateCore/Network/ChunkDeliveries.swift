/// The stream chunks on their way to devices, each waiting for its arrival event: one slot each in a
/// table the network reuses, and the table itself as the events' target, instead of a closure (and its
/// context, allocated and freed) per chunk. A chunk is a range of the bytes the server sent, copied out
/// only for a client that reads whole arrays (``StreamConnection/onData``). Events are ordered by time
/// and sequence alone, so a chunk's event runs where its closure's did.
final class ChunkDeliveries: ScheduledTarget {
    private struct Delivery {
        let connection: StreamConnection
        let sent: [UInt8]
        let range: Range<Int>
        let head: StreamResponseHead?
    }

    // Touched only by the run's thread, by plain reads and writes (docs/performance.md).
    @exclusivity(unchecked) private var waiting: [Delivery?] = []
    @exclusivity(unchecked) private var freeSlots: [Int] = []

    /// Queues `sent[range]` (and the head that travels with it) to reach `connection`'s client at `arrival`.
    func schedule(
        _ sent: [UInt8], _ range: Range<Int>, head: consuming StreamResponseHead?, on connection: StreamConnection,
        at arrival: VirtualInstant, in scheduler: Scheduler
    ) {
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
        } else {
            slot = waiting.count
            waiting.append(nil)
        }
        // Built in its slot: a delivery copied in would retain each of its references once more.
        waiting[slot] = Delivery(connection: connection, sent: sent, range: range, head: head)
        scheduler.schedule(at: arrival, self, tag: slot)
    }

    func fire(_ slot: Int) {
        guard let delivery = waiting[slot].take() else { return }
        freeSlots.append(slot)
        guard !delivery.connection.clientClosed, !delivery.connection.silentlyDead else { return }
        if let head = delivery.head { delivery.connection.onResponse?(head) }
        if let onBytes = delivery.connection.onBytes {
            onBytes(delivery.sent[delivery.range])
        } else if let onData = delivery.connection.onData {
            onData(delivery.range.count == delivery.sent.count ? delivery.sent : Array(delivery.sent[delivery.range]))
        }
    }

    /// Lets go of the chunks still on their way when the run ends (their events are discarded with it).
    func removeAll() {
        waiting = []
        freeSlots = []
    }
}
