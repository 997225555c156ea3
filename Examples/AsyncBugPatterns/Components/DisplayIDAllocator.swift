import SimulateFacades

/// Where the allocator keeps the highest displayId it handed out (a local store: SwiftData, a file).
public protocol CounterStore: Sendable {
    func save(highest: Int) async throws
}

/// Hands out displayIds (#1, #2, …) for new tasks on this device.
public protocol DisplayIDAllocating: Sendable {
    func next() async throws -> Int
}

/// Read, await the save, write the local maximum (depth 2): a second `next()` that runs during the
/// save reads the same maximum, and both callers get the same displayId.
public actor SaveThenBumpAllocator: DisplayIDAllocating {
    private var highest: Int
    private let store: any CounterStore

    public init(highest: Int, store: any CounterStore) {
        self.highest = highest
        self.store = store
    }

    public func next() async throws -> Int {
        let candidate = highest + 1
        try await store.save(highest: candidate)
        highest = candidate
        return candidate
    }
}

/// The twin: reserves the number before the `await`; a failed save gives it back only if nothing
/// was handed out after it.
public actor ReservingAllocator: DisplayIDAllocating {
    private var highest: Int
    private let store: any CounterStore

    public init(highest: Int, store: any CounterStore) {
        self.highest = highest
        self.store = store
    }

    public func next() async throws -> Int {
        highest += 1
        let reserved = highest
        do {
            try await store.save(highest: reserved)
        } catch {
            if highest == reserved { highest -= 1 }
            throw error
        }
        return reserved
    }
}
