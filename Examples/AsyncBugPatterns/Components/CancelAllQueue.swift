import SimulateFacades

/// The outbox of pending uploads, shown in the app's UI.
public protocol Outbox: Sendable {
    /// The next pending item, now in flight, or nil when none is pending.
    func take() async -> String?
    /// False once the user cancelled all uploads.
    func isActive() async -> Bool
    /// Marks the items done in one transaction, whatever happened to them meanwhile.
    func markDone(_ items: [String]) async
    /// Marks the items done only when the outbox was not cancelled since; false when it was.
    func markDoneIfActive(_ items: [String]) async -> Bool
    /// Cancels every pending and in-flight item.
    func cancelAll() async
}

/// The server side of an upload.
public protocol UploadEndpoint: Sendable {
    func send(_ item: String) async
}

/// Drains the outbox, one upload at a time, and marks the batch done at the end.
public protocol OutboxDrainer: Sendable {
    func drain() async
}

/// A deep lost cancel (depth 2): the drain looks at the outbox after every upload and once more when
/// it is empty, and stops when the user cancelled, but the final "mark done" is a second call, so a
/// cancel-all that lands between that last check and the write leaves every item both cancelled
/// and done. Any earlier cancel stops the drain.
public actor BlindDrainer: OutboxDrainer {
    private let outbox: any Outbox
    private let endpoint: any UploadEndpoint

    public init(outbox: any Outbox, endpoint: any UploadEndpoint) {
        self.outbox = outbox
        self.endpoint = endpoint
    }

    public func drain() async {
        var sent: [String] = []
        while let item = await outbox.take() {
            await endpoint.send(item)
            guard await outbox.isActive() else { return }
            sent.append(item)
        }
        guard await outbox.isActive() else { return }
        if !sent.isEmpty { await outbox.markDone(sent) }
    }
}

/// The twin: "done" is written only when the outbox is still active, in one call on its actor.
public actor ActiveCheckingDrainer: OutboxDrainer {
    private let outbox: any Outbox
    private let endpoint: any UploadEndpoint

    public init(outbox: any Outbox, endpoint: any UploadEndpoint) {
        self.outbox = outbox
        self.endpoint = endpoint
    }

    public func drain() async {
        var sent: [String] = []
        while let item = await outbox.take() {
            await endpoint.send(item)
            guard await outbox.isActive() else { return }
            sent.append(item)
        }
        guard await outbox.isActive() else { return }
        if !sent.isEmpty { _ = await outbox.markDoneIfActive(sent) }
    }
}
