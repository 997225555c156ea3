/// Identifies a scheduled event so it can be cancelled before it fires.
public struct EventHandle: Hashable, Sendable {
    fileprivate let slot: UInt32
    fileprivate let generation: UInt32
}

/// Why a simulation stopped before its end time.
public enum SimulationError: Error, Sendable, CustomStringConvertible {
    case eventBudgetExceeded(budget: Int, atNanoseconds: Int64)
    case queueFull(capacity: Int, atNanoseconds: Int64)
    case scheduledInPast(requestedNanoseconds: Int64, nowNanoseconds: Int64)

    public var description: String {
        switch self {
        case .eventBudgetExceeded(let budget, let time):
            "event budget of \(budget) events exhausted at \(DurationFormat.string(time)) of virtual time: "
                + "the scenario does not quiesce (raise it with \"limits\": {\"events\": N} or --event-budget)"
        case .queueFull(let capacity, let time):
            "more than \(capacity) events pending at \(DurationFormat.string(time)) of virtual time"
        case .scheduledInPast(let requested, let now):
            "an event was scheduled at \(requested) ns, before the current time \(now) ns"
        }
    }
}

/// A discrete-event scheduler over virtual time in integer nanoseconds.
///
/// Events run in (time, insertion order). The queue is a binary min-heap of plain 16-byte entries;
/// the actions live in a slot table so that moving entries never touches reference counts.
public final class Scheduler {
    public static let slotCapacity = 1 << 24

    public private(set) var now: Int64 = 0
    public private(set) var executedEvents = 0
    public var eventBudget: Int
    public private(set) var hash = TraceHash()

    private var heap: [Entry] = []
    private var actions: [(() -> Void)?] = []
    private var generations: [UInt32] = []
    private var cancelled: [Bool] = []
    private var freeSlots: [UInt32] = []
    private var nextSequence: UInt64 = 0

    private struct Entry {
        var time: Int64
        /// Insertion sequence in the high 40 bits, slot in the low 24 bits: comparing it orders ties by insertion.
        var order: UInt64

        @inline(__always) var slot: Int { Int(truncatingIfNeeded: order & 0xFF_FFFF) }

        @inline(__always) static func < (a: Entry, b: Entry) -> Bool {
            a.time < b.time || (a.time == b.time && a.order < b.order)
        }
    }

    public init(eventBudget: Int = 50_000_000) {
        self.eventBudget = eventBudget
        heap.reserveCapacity(1024)
    }

    public var pendingEvents: Int { heap.count }

    /// The time of the next pending event, if any.
    public var nextEventTime: Int64? { heap.first?.time }

    @discardableResult
    public func schedule(afterNanoseconds delay: Int64, _ action: @escaping () -> Void) -> EventHandle {
        schedule(atNanoseconds: now &+ max(0, delay), action)
    }

    @discardableResult
    public func schedule(atNanoseconds time: Int64, _ action: @escaping () -> Void) -> EventHandle {
        let slot = allocateSlot()
        actions[slot] = action
        let entry = Entry(time: max(time, now), order: nextSequence << 24 | UInt64(slot))
        nextSequence &+= 1
        push(entry)
        return EventHandle(slot: UInt32(slot), generation: generations[slot])
    }

    /// Cancels a pending event; cancelling one that already ran or was cancelled does nothing.
    public func cancel(_ handle: EventHandle) {
        let slot = Int(handle.slot)
        guard slot < generations.count, generations[slot] == handle.generation, actions[slot] != nil else { return }
        actions[slot] = nil
        cancelled[slot] = true
    }

    public func isPending(_ handle: EventHandle) -> Bool {
        let slot = Int(handle.slot)
        return slot < generations.count && generations[slot] == handle.generation && actions[slot] != nil
    }

    /// Runs every event due at or before `time`, then leaves the clock at `time`.
    public func run(throughNanoseconds time: Int64) throws(SimulationError) {
        while let first = heap.first, first.time <= time {
            let entry = popFirst()
            let slot = entry.slot
            let action = actions[slot]
            actions[slot] = nil
            releaseSlot(slot)
            guard let action else { continue }
            if executedEvents >= eventBudget {
                throw .eventBudgetExceeded(budget: eventBudget, atNanoseconds: entry.time)
            }
            executedEvents += 1
            now = entry.time
            hash.combine(UInt64(bitPattern: entry.time))
            hash.combine(entry.order >> 24)
            action()
        }
        if time > now { now = time }
    }

    /// Folds a value that a plugin considers part of the observable trace into the run's hash.
    public func combineIntoHash(_ value: UInt64) {
        hash.combine(value)
    }

    public func combineIntoHash(_ text: String) {
        hash.combine(text)
    }

    private func allocateSlot() -> Int {
        if let slot = freeSlots.popLast() {
            cancelled[Int(slot)] = false
            return Int(slot)
        }
        let slot = actions.count
        precondition(slot < Self.slotCapacity, "more than \(Self.slotCapacity) events pending")
        actions.append(nil)
        generations.append(0)
        cancelled.append(false)
        return slot
    }

    private func releaseSlot(_ slot: Int) {
        generations[slot] &+= 1
        freeSlots.append(UInt32(slot))
    }

    private func push(_ entry: Entry) {
        heap.append(entry)
        var child = heap.count - 1
        heap.withUnsafeMutableBufferPointer { buffer in
            while child > 0 {
                let parent = (child - 1) >> 1
                guard entry < buffer[parent] else { break }
                buffer[child] = buffer[parent]
                child = parent
            }
            buffer[child] = entry
        }
    }

    private func popFirst() -> Entry {
        let first = heap[0]
        let last = heap.removeLast()
        let count = heap.count
        guard count > 0 else { return first }
        heap.withUnsafeMutableBufferPointer { buffer in
            var parent = 0
            while true {
                var child = 2 * parent + 1
                if child >= count { break }
                if child + 1 < count && buffer[child + 1] < buffer[child] { child += 1 }
                guard buffer[child] < last else { break }
                buffer[parent] = buffer[child]
                parent = child
            }
            buffer[parent] = last
        }
        return first
    }
}
