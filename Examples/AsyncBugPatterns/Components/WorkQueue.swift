import SimulateFacades

/// Records what the queue's consumer is doing (a logging actor).
public protocol QueueLog: Sendable {
    func note(_ event: String) async
}

/// An async queue of uploads: producers `push`, one consumer awaits `next()`.
public protocol UploadQueue: Sendable {
    func push(_ item: String) async
    func next() async -> String
}

/// A lost wakeup (depth 2): `next()` finds the queue empty, logs that it goes idle (an `await`), and
/// only then registers as the waiter; a `push` during the log finds no waiter, so its item sits in
/// the queue while the consumer sleeps until the next push.
public actor LateWaiterQueue: UploadQueue {
    private var items: [String] = []
    private var waiter: CheckedContinuation<String, Never>?
    private let log: any QueueLog

    public init(log: any QueueLog) { self.log = log }

    public func push(_ item: String) async {
        if let waiter {
            self.waiter = nil
            waiter.resume(returning: item)
        } else {
            items.append(item)
        }
    }

    public func next() async -> String {
        if !items.isEmpty { return items.removeFirst() }
        await log.note("consumer idle")
        return await withCheckedContinuation { waiter = $0 }
    }
}

/// The twin: looks at the queue again after the `await`, in the same turn as registering.
public actor RecheckingQueue: UploadQueue {
    private var items: [String] = []
    private var waiter: CheckedContinuation<String, Never>?
    private let log: any QueueLog

    public init(log: any QueueLog) { self.log = log }

    public func push(_ item: String) async {
        if let waiter {
            self.waiter = nil
            waiter.resume(returning: item)
        } else {
            items.append(item)
        }
    }

    public func next() async -> String {
        if items.isEmpty { await log.note("consumer idle") }
        if !items.isEmpty { return items.removeFirst() }
        return await withCheckedContinuation { waiter = $0 }
    }
}
