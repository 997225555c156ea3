import SimulateCore

/// What the server does with a new stream (`sse.serverMode`).
package enum SSEServerMode: String, CaseIterable, Sendable {
    /// Sends the full state on connect and after every mutation.
    case normal
    /// Accepts, writes a comment line, and closes at once (a broken proxy or an overloaded backend).
    case acceptThenClose
}

/// The Go backend: the item list, its mutations, and a full-state event on every stream after
/// each of them. Its clock is true virtual time (the server has no skew).
final class SSEServer {
    static let name = "sse"
    static let track = "server:sse"

    typealias Mode = SSEServerMode

    private let scheduler: Scheduler
    private let trace: Trace
    private let keepAliveInterval: VirtualDuration?
    private let firstEventDelay: VirtualDuration
    private let lineEnding: LineEnding
    private var board: PunchBoard
    var items: [PunchItem] { board.items }
    var version: Int { board.version }
    var mode = Mode.normal
    private var streams: [StreamConnection] = []
    /// The scenario's `serverError` faults on this server.
    let errors = SSEServerErrors()
    private(set) var log = ServerLog()
    /// The `freshness` invariants, told of each new version.
    var versionWatchers: [FreshnessInvariant] = []
    /// Told of every mutation that reaches the server, with its serial.
    var receiptObserver: ((ServerReceipt, Int) -> Void)?
    /// Told of every version's full-state event when it is first encoded: its data and the digest of its items.
    var encodedEvent: ((_ data: String, _ digest: UInt64) -> Void)?
    /// The digest of the current version's items (``PunchWire/digest(_:)``).
    private var currentDigest: UInt64 = 0
    /// The server's side of a new stream; one closure for every connection.
    private(set) var accept: (StreamConnection) -> Void = { _ in }

    init(scheduler: Scheduler, trace: Trace, configuration: SSEConfiguration) {
        self.scheduler = scheduler
        self.trace = trace
        keepAliveInterval = configuration.keepAliveInterval
        firstEventDelay = configuration.firstEventDelay
        lineEnding = configuration.lineEnding
        board = PunchBoard(
            initialItems: configuration.initialItems.map { ($0.text, $0.done) },
            clockResolution: configuration.serverClock)
        for item in board.items { logIssued(item) }
        logVersion()
        accept = { [unowned self] connection in self.accepted(connection) }
    }

    var streamCount: Int { streams.count }

    func start() {
        guard let interval = keepAliveInterval else { return }
        scheduler.schedule(after: interval) { [unowned self] in keepAliveTick(interval) }
    }

    private func keepAliveTick(_ interval: VirtualDuration) {
        let keepAlive = lineEnding.write(PunchWire.keepAlive)
        for stream in streams { stream.send(keepAlive) }
        scheduler.schedule(after: interval) { [unowned self] in keepAliveTick(interval) }
    }

    /// The fault drops the connections (the network does that); the item list survives.
    func restarted() {
        log.restarts += 1
        trace.instant(Self.track, "connection", "restart", value: Int64(log.restarts))
        streams.removeAll()
    }

    private func accepted(_ connection: StreamConnection) {
        log.accepts += 1
        trace.instant(Self.track, "connection", "accept", connection.device.id, value: Int64(connection.device.index))
        if let error = errors.error(for: connection.device) {
            let answer = error.streamAnswer
            trace.instant(Self.track, "connection", "refused", "\(answer.head.status) \(error)")
            connection.respond(status: answer.head.status, headers: answer.head.headers)
            if !answer.body.isEmpty { connection.send(answer.body) }
            connection.closeFromServer()
            return
        }
        connection.respond(status: 200, headers: ["Content-Type": "text/event-stream", "Cache-Control": "no-cache"])
        if mode == .acceptThenClose {
            connection.send(lineEnding.write(PunchWire.hello))
            connection.closeFromServer()
            return
        }
        streams.append(connection)
        connection.onClientGone = { [unowned self, unowned connection] in
            if let index = streams.firstIndex(where: { $0 === connection }) { streams.remove(at: index) }
        }
        guard firstEventDelay > .zero else { return connection.send(currentEvent()) }
        connection.send(lineEnding.write(PunchWire.connected))
        scheduler.schedule(after: firstEventDelay) { [unowned self, weak connection] in
            guard let connection, streams.contains(where: { $0 === connection }) else { return }
            connection.send(currentEvent())
        }
    }

    // MARK: Mutations

    /// A request reached the server: counted by method, then applied.
    func receive(_ mutation: Mutation, serial: Int) -> MutationReply {
        log.requests[mutation.method, default: 0] += 1
        return apply(mutation, serial: serial)
    }

    func apply(_ mutation: Mutation, serial: Int) -> MutationReply {
        let reply = change(mutation)
        let version: Int?
        if case .applied(let applied) = reply { version = applied } else { version = nil }
        if serial >= 1 { receiptObserver?(ServerReceipt(time: scheduler.now, version: version), serial) }
        return reply
    }

    private func change(_ mutation: Mutation) -> MutationReply {
        let reply = board.apply(mutation, at: scheduler.now)
        guard case .applied = reply else {
            trace.instant(Self.track, "mutation", mutation.name + " unknown item", mutation.itemID ?? "")
            return reply
        }
        if case .add = mutation, let item = board.items.last { logIssued(item) }
        logVersion()
        trace.instant(Self.track, "mutation", mutation.name, "v\(version)", value: Int64(version))
        let event = currentEvent()
        for stream in streams { stream.send(event) }
        return reply
    }

    /// The current version's full-state event, encoded once, with the configured line ends.
    private func currentEvent() -> [UInt8] {
        guard board.encodedVersion != board.version else { return lineEnding.write(board.currentEvent()) }
        let event = board.currentEvent()
        encodedEvent?(board.encodedData, currentDigest)
        return lineEnding.write(event)
    }

    private func logIssued(_ item: PunchItem) {
        log.issued.append(IssuedID(id: item.id, created: item.created, time: scheduler.now))
    }

    private func logVersion() {
        currentDigest = PunchWire.digest(items)
        log.appendVersion(VersionRecord(time: scheduler.now, digest: currentDigest, count: items.count))
        for watcher in versionWatchers { watcher.serverVersion(log.versionCount, at: scheduler.now) }
    }
}

/// What the server did over the run, for invariants and statistics.
struct ServerLog {
    /// The last ``keptVersions`` versions: version `v` at index `(v - 1) % keptVersions` once it is past.
    static let keptVersions = 1 << 16
    private var versions: [VersionRecord] = []
    /// Versions the server has made.
    private(set) var versionCount = 0
    var issued: [IssuedID] = []
    var accepts = 0
    var restarts = 0
    /// Mutation requests that reached the server, by HTTP method.
    var requests: [String: Int] = [:]

    mutating func appendVersion(_ record: VersionRecord) {
        if versions.count < Self.keptVersions {
            versions.append(record)
        } else {
            versions[versionCount % Self.keptVersions] = record
        }
        versionCount += 1
    }

    /// Version `version`'s record; nil when the server never made it, or made it more than ``keptVersions``
    /// versions ago (``isForgotten(_:)``).
    func version(_ version: Int) -> VersionRecord? {
        guard version >= 1, version <= versionCount, !isForgotten(version) else { return nil }
        return versions[(version - 1) % Self.keptVersions]
    }

    /// A version the server made, too long ago to be kept.
    func isForgotten(_ version: Int) -> Bool {
        version >= 1 && version <= versionCount - Self.keptVersions
    }

    /// The kept versions, oldest first, with their numbers.
    var kept: [(version: Int, record: VersionRecord)] {
        (max(1, versionCount - Self.keptVersions + 1)..<(versionCount + 1)).compactMap { number in
            version(number).map { (number, $0) }
        }
    }
}

struct VersionRecord {
    var time: VirtualInstant
    var digest: UInt64
    var count: Int
}

struct IssuedID {
    var id: String
    var created: String
    var time: VirtualInstant
}
