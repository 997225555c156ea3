import AsyncBugPatterns
import Foundation
import SimulateAsync
import SimulateCore

// Each workload runs one pattern's component the way an app would, with fakes of what it talks to
// that take virtual time, and writes down when the invariant its bug breaks is broken.

/// Two callers need a token at 30 s, when it has expired: the feed asks first, the sync loop 120 ms
/// later, the instant the refresh's answer arrives. Invariant: no refresh is refused (`invalid_grant`).
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
enum TokenCacheWorkload {
    static func start(_ world: BugWorld, _ variant: Variant) {
        let wall = world.runtime.wallClock(for: world.device)
        let server = RotatingTokenServer(world: world, latency: .milliseconds(120))
        let first = Credentials(accessToken: "a0", refreshToken: "r0", expiresAt: wall.now.addingTimeInterval(30))
        let cache: any AccessTokenProviding =
            switch variant {
            case .buggy: ReentrantTokenCache(credentials: first, endpoint: server, now: wall.dateProvider)
            case .fixed: SingleFlightTokenCache(credentials: first, endpoint: server, now: wall.dateProvider)
            }
        for (name, time) in [("feed", Duration.seconds(30)), ("sync", .milliseconds(30_120))] {
            world.at(time, name) {
                do {
                    _ = try await cache.accessToken()
                } catch {
                    world.problem("\(name): token refresh failed (\(error)): the user is signed out")
                }
            }
        }
    }
}

@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
final class RotatingTokenServer: TokenEndpoint, @unchecked Sendable {
    struct InvalidGrant: Error, CustomStringConvertible {
        var description: String { "invalid_grant: refresh token already used" }
    }
    let world: BugWorld
    let latency: Duration
    var current = "r0"
    var issued = 0

    init(world: BugWorld, latency: Duration) {
        self.world = world
        self.latency = latency
    }

    func refresh(using refreshToken: String) async throws -> Credentials {
        try await world.clock.sleep(for: latency / 2)
        let valid = refreshToken == current
        if valid {
            issued += 1
            current = "r\(issued)"
        }
        let now = world.runtime.wallClock(for: world.device).now
        let credentials = Credentials(
            accessToken: "a\(issued)", refreshToken: current, expiresAt: now.addingTimeInterval(3600))
        try await world.clock.sleep(for: latency / 2)
        guard valid else { throw InvalidGrant() }
        return credentials
    }
}

/// At 10 s the stream ends and the network path comes back at the same instant; both ask to
/// reconnect. Invariant: never more than one open stream.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
enum ReconnectWorkload {
    static func start(_ world: BugWorld, _ variant: Variant) {
        let transport = FakeEventStream(world: world)
        let backoff = DoublingBackoff()
        let client: any Reconnecting =
            switch variant {
            case .buggy: RacyReconnector(transport: transport, backoff: backoff, clock: world.clock, spawn: world.spawn)
            case .fixed:
                SerialReconnector(transport: transport, backoff: backoff, clock: world.clock, spawn: world.spawn)
            }
        world.at(.seconds(10), "stream ended") { await client.connectionLost() }
        world.at(.seconds(10), "path satisfied") { await client.connectionLost() }
    }
}

@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
final class FakeEventStream: EventStreamTransport, @unchecked Sendable {
    let world: BugWorld
    var open = 0

    init(world: BugWorld) { self.world = world }

    func stream() async throws {
        try await world.clock.sleep(for: .milliseconds(50))
        open += 1
        if open > 1 { world.problem("\(open) event streams open at once: two reconnect loops") }
        defer { open -= 1 }
        try await world.clock.sleep(for: .seconds(120))
    }
}

actor DoublingBackoff: ReconnectBackoff {
    private var next = Duration.seconds(1)
    func nextDelay() -> Duration {
        defer { next = min(next * 2, .seconds(30)) }
        return next
    }
    func reset() { next = .seconds(1) }
}

/// Two App Intents create a task at 5 s (Siri and a widget); each asks the allocator for a displayId.
/// Invariant: displayIds are unique.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
enum AllocatorWorkload {
    static func start(_ world: BugWorld, _ variant: Variant) {
        let store = LocalCounterStore()
        let allocator: any DisplayIDAllocating =
            switch variant {
            case .buggy: SaveThenBumpAllocator(highest: 41, store: store)
            case .fixed: ReservingAllocator(highest: 41, store: store)
            }
        let ids = Box<[Int]>([])
        for name in ["siri intent", "widget intent"] {
            world.at(.seconds(5), name) {
                guard let id = try? await allocator.next() else { return }
                if ids.value.contains(id) { world.problem("displayId #\(id) handed out twice") }
                ids.value.append(id)
            }
        }
    }
}

actor LocalCounterStore: CounterStore {
    private(set) var highest = 0
    func save(highest: Int) async throws { self.highest = highest }
}

/// A request whose reply and timeout both fall due at 2 s (the server's own 2 s deadline answers
/// exactly when the client gives up). Invariant: the continuation is resumed once.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
enum TimeoutRaceWorkload {
    static func start(_ world: BugWorld, _ variant: Variant) {
        let transport = DelayedReplyTransport(world: world, delay: .seconds(2))
        let misuse = MisuseSink(world: world)
        let client: any TimedRequesting =
            switch variant {
            case .buggy:
                RacyTimedRequest(
                    transport: transport, clock: world.clock, timeout: .seconds(2), misuse: misuse, spawn: world.spawn)
            case .fixed:
                GuardedTimedRequest(
                    transport: transport, clock: world.clock, timeout: .seconds(2), misuse: misuse, spawn: world.spawn)
            }
        world.at(.seconds(1), "request") { _ = try? await client.request("GET /status") }
    }
}

/// Delivers each reply on a task of its own after `delay`, as a callback API delivers on its queue.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
final class DelayedReplyTransport: CallbackTransport, @unchecked Sendable {
    let world: BugWorld
    let delay: Duration

    init(world: BugWorld, delay: Duration) {
        self.world = world
        self.delay = delay
    }

    func send(_ request: String, reply: @escaping @Sendable (String) -> Void) {
        let clock = world.clock
        let delay = self.delay
        world.spawn("reply delivery") {
            guard (try? await clock.sleep(for: delay)) != nil else { return }
            reply("200 OK")
        }
    }
}

@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
final class MisuseSink: MisuseReporting, @unchecked Sendable {
    let world: BugWorld
    init(world: BugWorld) { self.world = world }
    func continuationMisused(_ message: String) { world.problem(message) }
}

/// The account syncs a page every 5 s (each takes 200 ms to arrive); the user signs out at 10.6 s,
/// the instant the third page arrives. Invariant: after sign-out, no data of the account is on the device.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
enum LogoutWorkload {
    static func start(_ world: BugWorld, _ variant: Variant) {
        let api = FakeFeed(world: world)
        let store = AccountStore()
        let signedOut = Box(false)
        let sync: any AccountSync =
            switch variant {
            case .buggy: UncheckedAccountSync(api: api, store: store, clock: world.clock)
            case .fixed: CheckedAccountSync(api: api, store: store, clock: world.clock)
            }
        let task = world.runtime.spawn(on: world.device, "account sync") { await sync.run(account: "alice") }
        world.at(.zero, "sync setup") { await sync.started(cancel: { task.cancel() }) }
        world.at(.milliseconds(10_600), "sign out") {
            await sync.signOut()
            signedOut.value = true
        }
        world.endChecks.append {
            if signedOut.value, let page = store.contents.value {
                world.problem("after sign-out the store holds \(page.account)'s \(page.items.count) items")
            }
        }
    }
}

@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
final class FakeFeed: FeedAPI, @unchecked Sendable {
    let world: BugWorld
    var served = 0
    init(world: BugWorld) { self.world = world }

    func fetchPage(account: String) async throws -> Page {
        try await world.clock.sleep(for: .milliseconds(200))
        served += 1
        return Page(account: account, items: (1...served).map { "item \($0)" })
    }
}

actor AccountStore: LocalStore {
    nonisolated let contents = Box<Page?>(nil)
    func apply(_ page: Page) { contents.value = page }
    func wipe() { contents.value = nil }
}

/// At launch the app starts sync, and the scene becomes active at the same instant, which starts it
/// too. Invariant: one sync loop (never two upload passes at one instant).
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
enum SyncStartWorkload {
    static func start(_ world: BugWorld, _ variant: Variant) {
        let database = FakeSyncDatabase(world: world)
        let engine: any SyncStarting =
            switch variant {
            case .buggy: LateFlagSyncEngine(database: database, clock: world.clock, spawn: world.spawn)
            case .fixed: EarlyFlagSyncEngine(database: database, clock: world.clock, spawn: world.spawn)
            }
        world.at(.seconds(1), "launch") { await engine.start() }
        world.at(.seconds(1), "scene active") { await engine.start() }
    }
}

@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
final class FakeSyncDatabase: SyncDatabase, @unchecked Sendable {
    let world: BugWorld
    var lastPass: VirtualInstant?
    init(world: BugWorld) { self.world = world }

    func open() async { await Task.yield() }

    func uploadPending() async {
        if lastPass == world.context.now { world.problem("two upload passes at one instant: two sync loops") }
        lastPass = world.context.now
    }
}

/// The user taps the notifications switch twice in a row at 3 s (on, then off). Invariant: at the
/// end, the server's value is the one the screen shows.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
enum SettingWritesWorkload {
    static func start(_ world: BugWorld, _ variant: Variant) {
        let server = FakeSettingsServer(world: world)
        let log = TapLog()
        let toggle: any SettingToggle =
            switch variant {
            case .buggy: WriteThroughToggle(api: server, log: log)
            case .fixed: VersionedToggle(api: server, log: log)
            }
        world.at(.seconds(3), "tap on") { await toggle.set(true) }
        world.at(.seconds(3), "tap off") { await toggle.set(false) }
        world.at(.seconds(10), "check") {
            let shown = await toggle.value
            if shown != server.value {
                world.problem(
                    "the screen shows \(shown ? "on" : "off"), the server keeps \(server.value ? "on" : "off")")
            }
        }
    }
}

@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
final class FakeSettingsServer: SettingsAPI, @unchecked Sendable {
    let world: BugWorld
    var value = false
    var version = 0
    init(world: BugWorld) { self.world = world }

    func put(enabled: Bool, version: Int) async throws {
        try await world.clock.sleep(for: .milliseconds(80))
        if version == 0 || version > self.version {
            value = enabled
            self.version = version
        }
        try await world.clock.sleep(for: .milliseconds(80))
    }
}

actor TapLog: ActivityLog, QueueLog {
    private var events: [String] = []
    func record(_ event: String) { events.append(event) }
    func note(_ event: String) { events.append(event) }
}

/// A consumer uploads two items, each taking 1 s; the second is pushed at 2 s, the instant the first
/// upload ends. Invariant: every pushed item is uploaded within 5 s.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
enum QueueWorkload {
    static func start(_ world: BugWorld, _ variant: Variant) {
        let log = TapLog()
        let queue: any UploadQueue =
            switch variant {
            case .buggy: LateWaiterQueue(log: log)
            case .fixed: RecheckingQueue(log: log)
            }
        let pushed = Box<[String: VirtualInstant]>([:])
        let uploaded = Box<Set<String>>([])
        let clock = world.clock
        world.runtime.spawn(on: world.device, "uploader") {
            for _ in 0..<2 {
                let item = await queue.next()
                try await clock.sleep(for: .seconds(1))
                uploaded.value.insert(item)
            }
        }
        for (item, time) in [("photo 1", Duration.seconds(1)), ("photo 2", .seconds(2))] {
            world.at(time, "push \(item)") {
                pushed.value[item] = world.context.now
                await queue.push(item)
            }
        }
        world.endChecks.append {
            for (item, time) in pushed.value.sorted(by: { $0.key < $1.key }) where !uploaded.value.contains(item) {
                if world.context.now.sinceStart - time.sinceStart > .seconds(5) {
                    world.problem("\(item), pushed at \(DurationFormat.string(time)), was never uploaded")
                }
            }
        }
    }
}

/// A value the workload's tasks share on the simulation's thread.
final class Box<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}
