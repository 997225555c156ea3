/// The stream chunks on their way to devices, each waiting for its arrival event: one slot each in a
/// table the network reuses, and the table itself as the events' target, instead of a closure (and its
/// context, allocated and freed) per chunk. Events are ordered by time and sequence alone, so a chunk's
/// event runs where its closure's did.
final class ChunkDeliveries: ScheduledTarget {
    private struct Delivery {
        let connection: StreamConnection
        let chunk: [UInt8]
        let head: StreamResponseHead?
    }

    // Touched only by the run's thread, by plain reads and writes (docs/performance.md).
    @exclusivity(unchecked) private var waiting: [Delivery?] = []
    @exclusivity(unchecked) private var freeSlots: [Int] = []

    /// Queues `chunk` (and the head that travels with it) to reach `connection`'s client at `arrival`.
    func schedule(
        _ chunk: consuming [UInt8], head: consuming StreamResponseHead?, on connection: StreamConnection,
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
        waiting[slot] = Delivery(connection: connection, chunk: chunk, head: head)
        scheduler.schedule(at: arrival, self, tag: slot)
    }

    func fire(_ slot: Int) {
        guard let delivery = waiting[slot].take() else { return }
        freeSlots.append(slot)
        guard !delivery.connection.clientClosed, !delivery.connection.silentlyDead else { return }
        if let head = delivery.head { delivery.connection.onResponse?(head) }
        delivery.connection.onData?(delivery.chunk)
    }

    /// Lets go of the chunks still on their way when the run ends (their events are discarded with it).
    func removeAll() {
        waiting = []
        freeSlots = []
    }
}
