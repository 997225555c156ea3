import Foundation
import Observation
import SimulateFacades

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The Punchlist iOS client, written as the app writes it: plain async/await against `HTTPClient`
/// and an injected `Clock`. One event stream whose every event replaces the list; reconnect with
/// exponential backoff (reset on a successful connect); the offline indicator after 1.5 s of
/// continuous disconnect; mutations fire at once, optimistic while disconnected.
///
/// All state is touched only by the client's own tasks (`run()` and the user's actions), which run
/// one at a time on one serial executor: the simulation's in tests, the main actor in the app.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
@Observable
public final class PunchlistClient: @unchecked Sendable {
    public struct Options: Sendable {
        public var initialDelay: Duration = .seconds(1)
        public var maxDelay: Duration = .seconds(30)
        public var multiplier = 2.0
        public var indicatorDelay: Duration = .milliseconds(1500)
        /// `URLRequest.timeoutInterval`: the longest wait for the next bytes of the stream.
        public var requestTimeout: TimeInterval = 60
        /// The seed: "Reset on successful connect": here, when the first full state arrives.
        public var backoffReset = BackoffReset.firstEvent
        /// Full jitter (uniform 0…base) instead of the exact base delay.
        public var jitter = false
        /// When the screen says "connected" and hides the offline indicator: field report 19 says at the
        /// first bytes; `.requestSent` and `.firstEvent` are bugs the tests plant.
        public var connectedAt = ConnectedAt.firstByte
        /// Merge each event into the list instead of replacing it: a bug the tests plant (seed 002: "No
        /// diffing, no merge logic").
        public var mergesEvents = false
        /// Only a `200` with `Content-Type: text/event-stream` is the stream (WHATWG HTML, server-sent
        /// events); false: any answer counts as connected (a bug the tests plant).
        public var checksResponse = true
        /// false: the client assumes its stream survives the background, and once a stream fails after the
        /// app was in the background it waits for the stream to come back instead of reconnecting (a bug
        /// the tests plant; iOS suspends the app and its stream ends).
        public var reconnectsAfterBackground = true
        public init() {}
    }

    public enum ConnectedAt: Sendable {
        case requestSent, firstByte, firstEvent
    }

    /// What counts as the successful connect that starts the backoff over.
    public enum BackoffReset: Sendable {
        case firstEvent, firstByte
        /// Never (a bug: the delays keep growing across successful connects).
        case never
    }

    public private(set) var items: [Item] = []
    public private(set) var isConnected = false
    public private(set) var showsOfflineIndicator = false

    @ObservationIgnored private let http: any HTTPClient
    @ObservationIgnored private let lifecycle: (any AppLifecycleMonitoring)?
    @ObservationIgnored private var wasInBackground = false
    @ObservationIgnored private let clock: any Clock<Duration>
    @ObservationIgnored private let baseURL: URL
    @ObservationIgnored private let options: Options
    @ObservationIgnored private var random: AnyRandomNumberGenerator
    @ObservationIgnored private var disconnects = 0
    @ObservationIgnored private var localItems = 0

    public init(
        http: any HTTPClient, clock: any Clock<Duration>, baseURL: URL, options: Options = Options(),
        random: any RandomNumberGenerator = SystemRandomNumberGenerator(),
        lifecycle: (any AppLifecycleMonitoring)? = nil
    ) {
        self.http = http
        self.lifecycle = lifecycle
        self.clock = clock
        self.baseURL = baseURL
        self.options = options
        self.random = AnyRandomNumberGenerator(base: random)
    }

    // MARK: The event stream

    /// Runs until cancelled: connect, read events, and after every drop wait and connect again.
    public func run() async {
        await withDiscardingTaskGroup { group in
            var failures = 0
            group.addTask { await self.showIndicator(afterDisconnect: 0) }
            if let lifecycle { group.addTask { await self.watch(lifecycle) } }
            while !Task.isCancelled {
                do {
                    try await readStream { failures = 0 }
                } catch is CancellationError {
                    break
                } catch {}
                if !options.reconnectsAfterBackground && wasInBackground {
                    // The bug: "the stream resumes by itself after the background".
                    group.cancelAll()
                    return
                }
                if isConnected {
                    isConnected = false
                    disconnects += 1
                    let disconnect = disconnects
                    group.addTask { await self.showIndicator(afterDisconnect: disconnect) }
                }
                let delay = backoff(failures: failures)
                failures += 1
                do { try await clock.sleep(for: delay) } catch { break }
            }
            group.cancelAll()
        }
    }

    private func readStream(connected: () -> Void) async throws {
        var request = URLRequest(url: baseURL.appendingPathComponent("events"))
        request.timeoutInterval = options.requestTimeout
        request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
        if options.connectedAt == .requestSent { showConnected() }
        let (bytes, response) = try await http.bytes(for: request)
        if options.checksResponse { try Self.checkEventStream(response) }
        if options.connectedAt == .firstByte { showConnected() }
        if options.backoffReset == .firstByte { connected() }
        var events = EventStreamLines()
        for try await line in bytes.lines {
            guard let data = events.feed(line),
                let list = try? JSONDecoder().decode([Item].self, from: Data(data.utf8))
            else { continue }
            items = options.mergesEvents ? merging(list) : list
            if !isConnected { showConnected() }
            if options.backoffReset == .firstEvent { connected() }
        }
    }

    /// A response that is not `200 text/event-stream` fails the connection, as `EventSource` does.
    static func checkEventStream(_ response: URLResponse) throws {
        guard let http = response as? HTTPURLResponse, http.statusCode == 200,
            let type = http.value(forHTTPHeaderField: "Content-Type"),
            type.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() == "text/event-stream"
        else { throw URLError(.badServerResponse) }
    }

    private func watch(_ lifecycle: any AppLifecycleMonitoring) async {
        for await phase in lifecycle.phaseUpdates() where phase == .background { wasInBackground = true }
    }

    private func showConnected() {
        isConnected = true
        showsOfflineIndicator = false
    }

    /// The diffing a bugged client does: update by id, append new items, keep the ones the event lacks.
    private func merging(_ list: [Item]) -> [Item] {
        var merged = items
        for item in list {
            if let index = merged.firstIndex(where: { $0.id == item.id }) {
                merged[index] = item
            } else {
                merged.append(item)
            }
        }
        return merged
    }

    private func backoff(failures: Int) -> Duration {
        var delay = options.initialDelay
        for _ in 0..<min(failures, 64) where delay < options.maxDelay { delay = delay * options.multiplier }
        delay = min(delay, options.maxDelay)
        guard options.jitter else { return delay }
        let nanoseconds = delay.components.seconds * 1_000_000_000 + delay.components.attoseconds / 1_000_000_000
        return .nanoseconds(Int64.random(in: 0...nanoseconds, using: &random))
    }

    private func showIndicator(afterDisconnect disconnect: Int) async {
        do { try await clock.sleep(for: options.indicatorDelay) } catch { return }
        if !isConnected && disconnects == disconnect { showsOfflineIndicator = true }
    }

    // MARK: Mutations

    public func add(text: String) async {
        if !isConnected {
            localItems += 1
            items.append(Item(id: "local-\(localItems)", text: text, created: ""))
        }
        await post(["action": "add", "text": text])
    }

    public func toggle(itemID: String) async { await change(itemID, "toggle") { $0.done.toggle() } }
    public func open(itemID: String) async { await change(itemID, "open") { $0.done = false } }
    public func close(itemID: String) async { await change(itemID, "close") { $0.done = true } }

    /// The bump arrow is hidden on done items: nothing happens for them.
    public func bump(itemID: String) async {
        guard let item = items.first(where: { $0.id == itemID }), !item.done else { return }
        if !isConnected, let index = items.firstIndex(where: { $0.id == itemID }) {
            items.append(items.remove(at: index))
        }
        await post(["action": "bump", "id": itemID])
    }

    /// Swipe-to-delete: `DELETE /items/<id>`.
    public func delete(itemID: String) async {
        if !isConnected { items.removeAll { $0.id == itemID } }
        var request = URLRequest(url: baseURL.appendingPathComponent("items").appendingPathComponent(itemID))
        request.httpMethod = "DELETE"
        request.timeoutInterval = options.requestTimeout
        _ = try? await http.data(for: request)
    }

    private func change(_ id: String, _ action: String, _ edit: (inout Item) -> Void) async {
        if !isConnected, let index = items.firstIndex(where: { $0.id == id }) { edit(&items[index]) }
        await post(["action": action, "id": id])
    }

    /// Fire-and-forget: the event stream's echo is the confirmation; a failure is only logged.
    private func post(_ body: [String: String]) async {
        var request = URLRequest(url: baseURL.appendingPathComponent("ko"))
        request.httpMethod = "POST"
        request.timeoutInterval = options.requestTimeout
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])
        _ = try? await http.data(for: request)
    }
}

/// Any generator, as a concrete type the standard library's `random(in:using:)` accepts.
struct AnyRandomNumberGenerator: RandomNumberGenerator {
    var base: any RandomNumberGenerator
    mutating func next() -> UInt64 { base.next() }
}
