import SimulateFacades

/// One page of the account's data from the server.
public struct Page: Sendable, Equatable {
    public var account: String
    public var items: [String]

    public init(account: String, items: [String]) {
        self.account = account
        self.items = items
    }
}

/// The server's feed of the signed-in account.
public protocol FeedAPI: Sendable {
    func fetchPage(account: String) async throws -> Page
}

/// The device's local store of the account's data.
public protocol LocalStore: Sendable {
    func apply(_ page: Page) async
    func wipe() async
}

/// Keeps the local store in step with the server while signed in; sign-out stops it and wipes the store.
public protocol AccountSync: Sendable {
    /// Told how to stop the task that runs ``run(account:)`` (the spawned task's `cancel()`).
    func started(cancel: @escaping @Sendable () -> Void) async
    func run(account: String) async
    func signOut() async
}

/// A lost cancellation between two awaits (depth 2): sign-out cancels the sync task and wipes the
/// store, but the sync loop does not look at cancellation between the fetch and the apply, so a
/// page fetched before the cancellation is applied after the wipe: the signed-out account's data
/// is back on the device.
public actor UncheckedAccountSync: AccountSync {
    private let api: any FeedAPI
    private let store: any LocalStore
    private let clock: any Clock<Duration>
    private var stop: (@Sendable () -> Void)?

    public init(api: any FeedAPI, store: any LocalStore, clock: any Clock<Duration>) {
        self.api = api
        self.store = store
        self.clock = clock
    }

    public func started(cancel: @escaping @Sendable () -> Void) { stop = cancel }

    public func run(account: String) async {
        while !Task.isCancelled {
            if let page = try? await api.fetchPage(account: account) {
                await store.apply(page)
            }
            try? await clock.sleep(for: .seconds(5))
        }
    }

    public func signOut() async {
        stop?()
        await store.wipe()
    }
}

/// The twin: checks cancellation after every await, and sign-out waits for the loop to stop before
/// it wipes the store.
public actor CheckedAccountSync: AccountSync {
    private let api: any FeedAPI
    private let store: any LocalStore
    private let clock: any Clock<Duration>
    private var stop: (@Sendable () -> Void)?
    private var running = false
    private var stopped: [CheckedContinuation<Void, Never>] = []

    public init(api: any FeedAPI, store: any LocalStore, clock: any Clock<Duration>) {
        self.api = api
        self.store = store
        self.clock = clock
    }

    public func started(cancel: @escaping @Sendable () -> Void) { stop = cancel }

    public func run(account: String) async {
        running = true
        defer {
            running = false
            for waiter in stopped { waiter.resume() }
            stopped.removeAll()
        }
        while !Task.isCancelled {
            do {
                let page = try await api.fetchPage(account: account)
                try Task.checkCancellation()
                await store.apply(page)
                try await clock.sleep(for: .seconds(5))
            } catch is CancellationError {
                return
            } catch {
                guard (try? await clock.sleep(for: .seconds(5))) != nil else { return }
            }
        }
    }

    public func signOut() async {
        stop?()
        if running { await withCheckedContinuation { stopped.append($0) } }
        await store.wipe()
    }
}
