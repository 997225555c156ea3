/// Moving a pending event later without queueing it again: a debounce that every save pushes back
/// leaves one entry in the queue, not one cancelled entry a save (docs/performance.md).
extension Scheduler {
    /// Moves a pending event to `time`, as cancelling it and scheduling its action again at `time` would:
    /// it runs at `time`, after the events already queued for `time`, and the trace is the same. Returns
    /// the event's new handle (the one given is no longer pending), or nil, changing nothing, when the
    /// event is not pending, `time` is before its time or before ``now``, or the event is one its own
    /// target scheduled while firing: then cancel it and schedule anew.
    public func postpone(_ handle: EventHandle, to time: VirtualInstant) -> EventHandle? {
        let state = self.state
        let slot = Int(handle.slot)
        guard isPending(handle), time >= handle.time, time >= state.pointee.now,
            slot != state.pointee.handOverSlot
        else { return nil }
        let sequence = state.pointee.nextSequence
        state.pointee.nextSequence = sequence &+ 1
        let entry = Entry(time: time, order: sequence << 24 | UInt64(slot))
        if state.pointee.postponed[slot] != nil {
            state.pointee.postponed[slot]!.entry = entry
        } else {
            let action = (state.pointee.actions + slot).move()!
            (state.pointee.actions + slot).initialize(to: nil)
            state.pointee.postponed[slot] = Postponed(entry: entry, action: action)
            state.pointee.postponedCount += 1
        }
        // A new generation: the old handle now names a cancelled event.
        state.pointee.generations[slot] &+= 1
        return EventHandle(slot: handle.slot, generation: state.pointee.generations[slot], time: time)
    }

    /// ``postpone(_:to:)`` to `delay` after now.
    public func postpone(_ handle: EventHandle, after delay: VirtualDuration) -> EventHandle? {
        postpone(handle, to: VirtualInstant(nanoseconds: now.nanoseconds &+ delay.nanoseconds))
    }

    func isPostponed(_ slot: Int) -> Bool { state.pointee.postponed[slot] != nil }

    /// Drops a postponed event's action (a cancel); false when the slot holds no postponed event.
    func dropPostponed(_ slot: Int) -> Bool {
        guard state.pointee.postponed.removeValue(forKey: slot) != nil else { return false }
        state.pointee.postponedCount -= 1
        return true
    }

    /// The entry queued for a postponed event's earlier time was popped: queue it at its new place, its
    /// action back in its slot. False when the slot holds no postponed event (a cancelled one).
    func requeuePostponed(_ slot: Int) -> Bool {
        guard let moved = state.pointee.postponed.removeValue(forKey: slot) else { return false }
        state.pointee.postponedCount -= 1
        (state.pointee.actions + slot).initialize(to: moved.action)
        push(moved.entry)
        return true
    }
}
