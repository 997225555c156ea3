/// The scheduler's slot table and binary heap, on the raw storage `Scheduler.State` points to.
extension Scheduler {
    @inline(__always)
    func allocateSlot() -> Int {
        if state.pointee.freeCount > 0 {
            state.pointee.freeCount -= 1
            let slot = Int(state.pointee.freeSlots[state.pointee.freeCount])
            assert(slot < state.pointee.slotCount, "a free slot was handed out before")
            return slot
        }
        if state.pointee.slotCount == state.pointee.slotCapacity {
            guard state.pointee.slotCapacity < state.pointee.pendingEventLimit else {
                // Full: the event is dropped, and a zero budget stops the run before the next one.
                state.pointee.queueOverflowed = true
                state.pointee.eventBudget = 0
                return -1
            }
            growSlots()
        }
        let slot = state.pointee.slotCount
        state.pointee.generations[slot] = 0
        state.pointee.slotCount = slot + 1
        return slot
    }

    func growSlots() {
        let old = state.pointee
        let capacity = min(old.slotCapacity * 2, old.pendingEventLimit)
        let actions = UnsafeMutablePointer<Action?>.allocate(capacity: capacity)
        for index in 0..<old.heapCount {
            let slot = old.heap[index].slot
            (actions + slot).moveInitialize(from: old.actions + slot, count: 1)
        }
        old.actions.deallocate()
        let generations = UnsafeMutablePointer<UInt32>.allocate(capacity: capacity)
        generations.update(from: old.generations, count: old.slotCount)
        old.generations.deallocate()
        let freeSlots = UnsafeMutablePointer<UInt32>.allocate(capacity: capacity)
        freeSlots.update(from: old.freeSlots, count: old.freeCount)
        old.freeSlots.deallocate()
        state.pointee.actions = actions
        state.pointee.generations = generations
        state.pointee.freeSlots = freeSlots
        state.pointee.slotCapacity = capacity
    }

    @inline(__always)
    func push(_ entry: Entry) {
        if state.pointee.heapCount == state.pointee.heapCapacity {
            let capacity = state.pointee.heapCapacity * 2
            let heap = UnsafeMutablePointer<Entry>.allocate(capacity: capacity)
            heap.update(from: state.pointee.heap, count: state.pointee.heapCount)
            state.pointee.heap.deallocate()
            state.pointee.heap = heap
            state.pointee.heapCapacity = capacity
        }
        let heap = state.pointee.heap
        var child = state.pointee.heapCount
        assert(child < state.pointee.heapCapacity, "the heap has room for the entry")
        state.pointee.heapCount = child + 1
        while child > 0 {
            let parent = (child - 1) >> 1
            guard entry < heap[parent] else { break }
            heap[child] = heap[parent]
            child = parent
        }
        heap[child] = entry
        assert(child == 0 || !(entry < heap[(child - 1) >> 1]), "an entry is not less than its parent")
    }

    @inline(__always)
    func popFirst() -> Entry {
        let heap = state.pointee.heap
        assert(state.pointee.heapCount > 0, "a pop takes from a heap that holds entries")
        let first = heap[0]
        let count = state.pointee.heapCount - 1
        state.pointee.heapCount = count
        guard count > 0 else { return first }
        let last = heap[count]
        var parent = 0
        while true {
            var child = 2 * parent + 1
            if child >= count { break }
            if child + 1 < count && heap[child + 1] < heap[child] { child += 1 }
            guard heap[child] < last else { break }
            heap[parent] = heap[child]
            parent = child
        }
        heap[parent] = last
        assert(
            (2 * parent + 1 >= count || !(heap[2 * parent + 1] < last))
                && (2 * parent + 2 >= count || !(heap[2 * parent + 2] < last)),
            "an entry is not greater than its children")
        return first
    }
}
