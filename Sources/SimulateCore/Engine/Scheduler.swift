/// Identifies a scheduled event so it can be cancelled or postponed before it fires.
public struct EventHandle: Hashable, Sendable {
    let slot: UInt32
    let generation: UInt32
    /// When the event is due.
    let time: VirtualInstant
}

/// A discrete-event scheduler over virtual time (``VirtualInstant``, integer nanoseconds).
///
/// Events run in (time, insertion order). The queue is a binary min-heap of plain 16-byte entries;
/// the actions live in a slot table so that moving entries never touches reference counts.
public final class Scheduler {
    /// The most events that may wait at once (2^24).
    public static let slotCapacity = 1 << 24

    // Raw pointers on purpose (docs/performance.md): all state sits behind one pointer, so the hot loop
    // runs without bounds, uniqueness or dynamic exclusivity checks. The same scheduler on stored
    // properties with ContiguousArray storage ran `simulate-bench scheduler` at 2.95-3.10 M events/s
    // against 10.37-10.40 (-71 %), and with those properties @exclusivity(unchecked) at 8.22-8.72 (-16 to
    // -21 %); `simulate-bench counter-runs 30` took 79 % and 8.3 % more instructions under callgrind.
    @usableFromInline let state: UnsafeMutablePointer<State>

    struct Entry {
        var time: VirtualInstant
        /// Insertion sequence in the high 40 bits, slot in the low 24 bits: comparing it orders ties by insertion.
        var order: UInt64

        @inline(__always) var slot: Int { Int(truncatingIfNeeded: order & 0xFF_FFFF) }

        @inline(__always) static func < (a: Entry, b: Entry) -> Bool {
            a.time < b.time || (a.time == b.time && a.order < b.order)
        }
    }

    /// Wrapping the closure keeps it at its natural abstraction in the slot table: storing a bare
    /// function type through a generic pointer would allocate a reabstraction thunk per event.
    enum Action {
        case closure(() -> Void)
        case target(any ScheduledTarget, Int)
    }

    @usableFromInline
    struct State {
        @usableFromInline var now = VirtualInstant.start
        var executedEvents = 0
        var eventBudget: Int
        var hash = TraceHash()
        var nextSequence: UInt64 = 0
        var heap: UnsafeMutablePointer<Entry>
        var heapCount = 0
        var heapCapacity: Int
        /// Slot table: `generations` is initialised up to `slotCount`; `actions` only for slots whose
        /// event is still queued (a cancelled one holds nil until it is popped).
        var actions: UnsafeMutablePointer<Action?>
        var generations: UnsafeMutablePointer<UInt32>
        var freeSlots: UnsafeMutablePointer<UInt32>
        var slotCount = 0
        var slotCapacity: Int
        var freeCount = 0
        /// Set when an event could not be queued: the run stops at its next event with `queueFull`.
        var queueOverflowed = false
        /// The first event asked for before `now`: it is not queued, and the run stops with
        /// `scheduledInPast`.
        var pastRequest: (requested: VirtualInstant, now: VirtualInstant)?
        let pendingEventLimit: Int
        /// The target whose event is firing: an event it schedules for itself takes over the
        /// scheduler's reference to it once it returns (`handOverSlot`), so a target that goes
        /// through its steps one event at a time costs no retain and release per step.
        var firingTarget: ObjectIdentifier?
        /// The slot of that event, holding nil until the firing target returns; -1 when none.
        var handOverSlot = -1
        var handOverTag = 0
        var handOverCancelled = false
        /// The end of the `run(through:)` under way; nil between runs.
        var runEnd: VirtualInstant?
        /// Events moved later (``Scheduler/postpone(_:to:)``) by slot: the place each now runs at, and its
        /// action, which its slot gives up (holding nil) until the entry queued for the earlier time is popped.
        var postponed: [Int: Postponed] = [:]
        var postponedCount = 0
    }

    struct Postponed {
        var entry: Entry
        var action: Action
    }

    /// `pendingEventLimit`: events that may wait at once, from 1 to `slotCapacity`; one more stops the run with
    /// `queueFull`.
    public init(eventBudget: Int = 50_000_000, pendingEventLimit: Int = Scheduler.slotCapacity) {
        precondition(eventBudget >= 0, "an event budget is not negative")
        precondition(
            (1...Self.slotCapacity).contains(pendingEventLimit), "a pending-event limit is from 1 to slotCapacity")
        let limit = pendingEventLimit
        let capacity = min(1024, limit)
        state = .allocate(capacity: 1)
        state.initialize(
            to: State(
                eventBudget: eventBudget, heap: .allocate(capacity: capacity), heapCapacity: capacity,
                actions: .allocate(capacity: capacity), generations: .allocate(capacity: capacity),
                freeSlots: .allocate(capacity: capacity), slotCapacity: capacity, pendingEventLimit: limit))
    }

    deinit {
        for index in 0..<state.pointee.heapCount {
            (state.pointee.actions + state.pointee.heap[index].slot).deinitialize(count: 1)
        }
        state.pointee.heap.deallocate()
        state.pointee.actions.deallocate()
        state.pointee.generations.deallocate()
        state.pointee.freeSlots.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// The current virtual time.
    // Inlinable: read on every request, sleep and trace record of the plugins and the async runtime.
    @inlinable public var now: VirtualInstant { state.pointee.now }
    /// Events run so far (cancelled ones not counted).
    public var executedEvents: Int { state.pointee.executedEvents }
    /// The run's trace hash so far: every event's time and order, and what plugins folded in.
    public var hash: TraceHash { state.pointee.hash }
    /// Events waiting in the queue (cancelled ones included until their time; a postponed one counts once).
    public var pendingEvents: Int { state.pointee.heapCount }

    /// Events the run may execute; one more stops it with ``SimulationError/eventBudgetExceeded(budget:at:)``.
    public var eventBudget: Int {
        get { state.pointee.eventBudget }
        set {
            precondition(newValue >= 0, "an event budget is not negative")
            state.pointee.eventBudget = newValue
        }
    }

    /// The time of the next pending event, if any.
    public var nextEventTime: VirtualInstant? {
        state.pointee.heapCount > 0 ? state.pointee.heap[0].time : nil
    }

    /// Schedules `action` after `delay`, which must not be negative: a negative delay (or a time beyond
    /// the last instant) stops the run with ``SimulationError/scheduledInPast(requested:now:)``.
    @discardableResult
    public func schedule(after delay: VirtualDuration, _ action: @escaping () -> Void) -> EventHandle {
        enqueue(.closure(action), at: later(by: delay))
    }

    /// Schedules `action` at `time`, which must not be before ``now``: an earlier time is not queued, and
    /// the run stops with ``SimulationError/scheduledInPast(requested:now:)``.
    @discardableResult
    public func schedule(at time: VirtualInstant, _ action: @escaping () -> Void) -> EventHandle {
        enqueue(.closure(action), at: time)
    }

    /// Schedules `target.fire(tag)`: for objects that go through several timed steps, without a closure per step.
    @discardableResult
    public func schedule(at time: VirtualInstant, _ target: any ScheduledTarget, tag: Int = 0) -> EventHandle {
        enqueue(target, tag: tag, at: time)
    }

    /// Schedules `target.fire(tag)` after `delay`.
    @discardableResult
    public func schedule(after delay: VirtualDuration, _ target: any ScheduledTarget, tag: Int = 0) -> EventHandle {
        enqueue(target, tag: tag, at: later(by: delay))
    }

    /// Takes the next `count` places in the order of events at equal times, for events scheduled later
    /// with ``schedule(at:order:_:tag:)``: each runs exactly where it would have had it been
    /// scheduled now. A long series of events can then wait in the queue one at a time.
    public func reserveOrder(count: Int) -> UInt64 {
        precondition(count >= 0, "a reservation takes no negative count of places")
        let first = state.pointee.nextSequence
        state.pointee.nextSequence = first &+ UInt64(count)
        return first
    }

    /// Schedules `target.fire(tag)` at a place taken earlier with ``reserveOrder(count:)``; use each place once.
    @discardableResult
    public func schedule(at time: VirtualInstant, order: UInt64, _ target: any ScheduledTarget, tag: Int = 0)
        -> EventHandle
    {
        precondition(order < state.pointee.nextSequence, "an order is taken with reserveOrder(count:) first")
        return enqueue(target, tag: tag, at: time, sequence: order)
    }

    /// `delay` after now; a sum past the last instant wraps to a time before now, which is rejected.
    @inline(__always)
    private func later(by delay: VirtualDuration) -> VirtualInstant {
        VirtualInstant(nanoseconds: state.pointee.now.nanoseconds &+ delay.nanoseconds)
    }

    @inline(__always)
    private func enqueue(_ action: Action, at time: VirtualInstant) -> EventHandle {
        let sequence = state.pointee.nextSequence
        state.pointee.nextSequence = sequence &+ 1
        return enqueue(action, at: time, sequence: sequence)
    }

    @inline(__always)
    private func enqueue(_ target: any ScheduledTarget, tag: Int, at time: VirtualInstant) -> EventHandle {
        let sequence = state.pointee.nextSequence
        state.pointee.nextSequence = sequence &+ 1
        return enqueue(target, tag: tag, at: time, sequence: sequence)
    }

    @inline(__always)
    private func enqueue(_ action: Action, at time: VirtualInstant, sequence: UInt64) -> EventHandle {
        guard time >= state.pointee.now else { return rejectInPast(time) }
        let slot = allocateSlot()
        guard slot >= 0 else { return EventHandle(slot: .max, generation: 0, time: time) }
        precondition(slot < state.pointee.slotCount, "a free slot is within the slot table")
        (state.pointee.actions + slot).initialize(to: action)
        push(Entry(time: time, order: sequence << 24 | UInt64(slot)))
        return EventHandle(
            slot: UInt32(truncatingIfNeeded: slot), generation: state.pointee.generations[slot], time: time)
    }

    /// A target's first event for itself while it fires is handed its reference when it returns.
    @inline(__always)
    private func enqueue(_ target: any ScheduledTarget, tag: Int, at time: VirtualInstant, sequence: UInt64)
        -> EventHandle
    {
        guard state.pointee.handOverSlot < 0, state.pointee.firingTarget == ObjectIdentifier(target) else {
            return enqueue(.target(target, tag), at: time, sequence: sequence)
        }
        guard time >= state.pointee.now else { return rejectInPast(time) }
        let slot = allocateSlot()
        guard slot >= 0 else { return EventHandle(slot: .max, generation: 0, time: time) }
        precondition(slot < state.pointee.slotCount, "a free slot is within the slot table")
        (state.pointee.actions + slot).initialize(to: nil)
        state.pointee.handOverSlot = slot
        state.pointee.handOverTag = tag
        state.pointee.handOverCancelled = false
        push(Entry(time: time, order: sequence << 24 | UInt64(slot)))
        return EventHandle(
            slot: UInt32(truncatingIfNeeded: slot), generation: state.pointee.generations[slot], time: time)
    }

    /// An event before `now` is not queued: the run stops at its next event (or at the end of this
    /// `run(through:)`) with `scheduledInPast`, naming the first such time.
    @inline(never)
    private func rejectInPast(_ time: VirtualInstant) -> EventHandle {
        if state.pointee.pastRequest == nil { state.pointee.pastRequest = (time, state.pointee.now) }
        state.pointee.eventBudget = 0
        return EventHandle(slot: .max, generation: 0, time: time)
    }

    /// Cancels a pending event; cancelling one that already ran or was cancelled does nothing.
    public func cancel(_ handle: EventHandle) {
        guard isPending(handle) else { return }
        if Int(handle.slot) == state.pointee.handOverSlot {
            state.pointee.handOverCancelled = true
        } else if state.pointee.postponedCount > 0, dropPostponed(Int(handle.slot)) {
            return
        } else {
            state.pointee.actions[Int(handle.slot)] = nil
        }
    }

    /// Whether the event is still queued and not cancelled.
    public func isPending(_ handle: EventHandle) -> Bool {
        let slot = Int(handle.slot)
        assert(
            slot >= state.pointee.slotCount || handle.generation <= state.pointee.generations[slot],
            "a handle's generation is one its slot has had")
        guard slot < state.pointee.slotCount && state.pointee.generations[slot] == handle.generation else {
            return false
        }
        if slot == state.pointee.handOverSlot { return !state.pointee.handOverCancelled }
        return state.pointee.actions[slot] != nil || (state.pointee.postponedCount > 0 && isPostponed(slot))
    }

    /// Runs, in place, an event at `time` (not before ``now``) that only lets its caller go on, when it
    /// would be the very next event of the ``run(through:)`` under way: not past that run's end, before
    /// every pending event (ties go to the events queued first), within the event budget with one event
    /// to spare, and with room in the queue. The clock moves to `time` and the event is counted and
    /// folded into the hash as scheduling it and returning to the loop would have done, without the
    /// caller giving up its stack. Returns false, changing nothing, in any other case.
    public func advanceInPlace(to time: VirtualInstant) -> Bool {
        let state = self.state
        guard let end = state.pointee.runEnd, time <= end, time >= state.pointee.now,
            state.pointee.heapCount == 0 || time < state.pointee.heap[0].time,
            state.pointee.executedEvents + 1 < state.pointee.eventBudget, state.pointee.pastRequest == nil,
            state.pointee.freeCount > 0 || state.pointee.slotCount < state.pointee.pendingEventLimit
        else { return false }
        let sequence = state.pointee.nextSequence
        state.pointee.nextSequence = sequence &+ 1
        state.pointee.executedEvents += 1
        state.pointee.now = time
        state.pointee.hash.combineEvent(time: time.nanoseconds, sequence: sequence)
        return true
    }

    /// Runs every event due at or before `time`, then leaves the clock at `time`.
    public func run(through end: VirtualInstant) throws(SimulationError) {
        let state = self.state
        let outerEnd = state.pointee.runEnd
        state.pointee.runEnd = end
        defer { state.pointee.runEnd = outerEnd }
        while state.pointee.heapCount > 0 && state.pointee.heap[0].time <= end {
            let entry = popFirst()
            let slot = entry.slot
            precondition(slot < state.pointee.slotCount, "a queued slot is within the slot table")
            assert(state.pointee.heapCount == 0 || !(state.pointee.heap[0] < entry), "the heap yields its least entry")
            let action = (state.pointee.actions + slot).move()
            if action == nil, state.pointee.postponedCount > 0, requeuePostponed(slot) { continue }
            state.pointee.generations[slot] &+= 1
            assert(state.pointee.freeCount < state.pointee.slotCount, "a slot is freed once per event")
            state.pointee.freeSlots[state.pointee.freeCount] = UInt32(truncatingIfNeeded: slot)
            state.pointee.freeCount += 1
            guard let action else { continue }
            if state.pointee.executedEvents >= state.pointee.eventBudget {
                try throwIfScheduledInPast()
                if state.pointee.queueOverflowed {
                    throw .queueFull(
                        capacity: state.pointee.pendingEventLimit, at: state.pointee.now)
                }
                throw .eventBudgetExceeded(
                    budget: state.pointee.eventBudget, at: entry.time)
            }
            precondition(entry.time >= state.pointee.now, "the heap yields events in time order")
            state.pointee.executedEvents += 1
            state.pointee.now = entry.time
            state.pointee.hash.combineEvent(time: entry.time.nanoseconds, sequence: entry.order >> 24)
            // Consuming the action hands its reference to the call: no extra retain and release per event.
            switch consume action {
            case .closure(let body): body()
            case .target(let target, let tag):
                state.pointee.firingTarget = ObjectIdentifier(target)
                target.fire(tag)
                state.pointee.firingTarget = nil
                let slot = state.pointee.handOverSlot
                if slot >= 0 {
                    state.pointee.handOverSlot = -1
                    if !state.pointee.handOverCancelled {
                        (state.pointee.actions + slot).initialize(to: .target(target, state.pointee.handOverTag))
                    }
                }
            }
        }
        try throwIfScheduledInPast()
        if end > state.pointee.now { state.pointee.now = end }
    }

    private func throwIfScheduledInPast() throws(SimulationError) {
        guard let past = state.pointee.pastRequest else { return }
        throw .scheduledInPast(requested: past.requested, now: past.now)
    }

    /// Drops every pending event without running it.
    public func discardPendingEvents() {
        let state = self.state
        state.pointee.handOverSlot = -1
        state.pointee.postponed = [:]
        state.pointee.postponedCount = 0
        while state.pointee.heapCount > 0 {
            state.pointee.heapCount -= 1
            let slot = state.pointee.heap[state.pointee.heapCount].slot
            let action = (state.pointee.actions + slot).move()
            state.pointee.generations[slot] &+= 1
            state.pointee.freeSlots[state.pointee.freeCount] = UInt32(truncatingIfNeeded: slot)
            state.pointee.freeCount += 1
            _ = consume action
        }
    }

    /// Folds a value that a plugin considers part of the observable trace into the run's hash.
    public func combineIntoHash(_ value: UInt64) {
        state.pointee.hash.combine(value)
    }

    /// Folds a text that a plugin considers part of the observable trace into the run's hash.
    public func combineIntoHash(_ text: String) {
        state.pointee.hash.combine(text)
    }
}
