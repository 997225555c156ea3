import SimulateCore

/// A displayId service written by the app, run by the `counter` plugin in place of the reference
/// allocator when a scenario says `"plugins": {"counter": {"allocator": "<name>"}}`.
///
/// Every `counter.next` step calls ``nextDisplayID()`` as a task of the device; allocations on one
/// device run one at a time, in step order, as with the reference. The invariants judge what it
/// hands out (`unique`, `contiguous`), how many tries each took (`retryBound`: every fetch-or-save
/// round trip through the CloudKit facade counts as one), and whether it sent requests before a
/// retry-after had passed (`retryAfter`).
public protocol DisplayIDAllocatorComponent: AnyObject {
    /// The next displayId, or an error when the service gives up.
    func nextDisplayID() async throws -> Int
}
