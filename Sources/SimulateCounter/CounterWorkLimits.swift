import SimulateCore

/// Work the counter's steps ask for that the event budget does not bound (``StepWorkLimit``): an allocation
/// refused at once (`queueFull`) costs no event, and a saved record is held by the server for the rest of the run.
enum CounterWorkLimits {
    static let all = [
        // About 25 s of allocations refused at once in an optimized build.
        StepWorkLimit(action: "next", argument: "count", limit: 100_000_000, what: "allocations"),
        // About 1 GB of records held by the simulated server (about 480 bytes a record).
        StepWorkLimit(action: "saveBatch", argument: "records", limit: 2_000_000, what: "saved records"),
    ]
}
