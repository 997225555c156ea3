import NIOCore
import NIOHTTP1
import SimulateCore
import SimulateJSON
import SimulateSSE

/// The reference Punchlist client against a real server: one event stream with the seed's reconnect
/// rule (1 s doubling to a 30 s cap, reset on the first event), the offline indicator after 1.5 s,
/// fire-and-forget mutations, and a log of everything the server sent for the judges.
/// Unchecked: used on the probe's event loop only.
final class ProbeClient: @unchecked Sendable {
    let device: String
    unowned let session: ProbeSession
    private(set) var items: [PunchItem] = []
    private(set) var connected = false
    private(set) var offline = false
    private(set) var reconnectAttempts = 0
    private(set) var indicatorShown = false
    /// The items as `sse.items` shows them.
    var itemsJSON: JSON {
        .array(items.map { .object(JSONObject([("text", .string($0.text)), ("done", .bool($0.done))])) })
    }
    private var attempts = 0
    private var eventsOnConnection = 0
    private var failures = 0
    private var parser = EventStreamParser()
    private var channel: Channel?
    private var disconnectedSince: Int64? = 0
    private var indicatorEvent: EventHandle?
    private var retryEvent: EventHandle?
    var log = ProbeLog()

    init(device: String, session: ProbeSession) {
        self.device = device
        self.session = session
    }

    var track: String { device }

    // MARK: The stream

    func connect() {
        guard !session.isFinished else { return }
        attempts += 1
        if attempts > 1 { reconnectAttempts += 1 }
        session.trace.instant(track, "connection", "connect", "attempt \(attempts)", value: Int64(attempts))
        if offline {
            return failed("offline")
        }
        let path = session.target.basePath + "/events?device=" + device
        let host = session.target.host
        let attempt = attempts
        HTTPConnector.connect(session.target, on: session.loop, timeout: session.requestTimeout) {
            [unowned self] in
            EventStreamHandler(host: host, path: path) { [weak self] signal in
                self?.session.catchUp()
                self?.handle(signal, attempt: attempt)
            }
        }.whenComplete { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let channel):
                if attempt == attempts && !session.isFinished {
                    self.channel = channel
                } else {
                    channel.close(promise: nil)
                }
            case .failure(let error):
                session.catchUp()
                if attempt == attempts { failed("cannot connect: \(SocketErrorText.describe(error))") }
            }
        }
    }

    private func handle(_ signal: EventStreamHandler.Signal, attempt: Int) {
        guard attempt == attempts else { return }
        switch signal {
        case .opened:
            connected = true
            eventsOnConnection = 0
            parser.reset()
            disconnectedSince = nil
            hideIndicator()
            session.trace.begin(track, "connection", "connected")
            log.opens.append(session.scheduler.now)
        case .refused(let status, let type):
            failed("HTTP \(status) \(type)")
        case .bytes(let bytes):
            for output in parser.feed(bytes) {
                if case .event(let event) = output { received(event) }
            }
        case .ended(let reason):
            if connected {
                session.trace.end(track, "connection", "connected", reason)
                connected = false
                channel = nil
                if eventsOnConnection == 0 { failures += 1 }
                log.drops.append(session.scheduler.now)
                disconnected()
                scheduleRetry()
            } else {
                failed(reason)
            }
        }
    }

    private func received(_ event: ServerSentEvent) {
        let now = session.scheduler.now
        failures = 0
        eventsOnConnection += 1
        let decoded = PunchWire.decodeItems(event.data)
        log.events.append(
            ProbeLog.Event(at: now, id: event.lastEventId, data: event.data, items: decoded))
        session.trace.instant(track, "state", "full state", "id \(event.lastEventId)", value: Int64(log.events.count))
        if let decoded { items = decoded }
    }

    private func failed(_ reason: String) {
        session.trace.instant(track, "connection", "connect failed", reason)
        log.failures.append((session.scheduler.now, reason))
        failures += 1
        disconnected()
        scheduleRetry()
    }

    private func scheduleRetry() {
        guard !session.isFinished else { return }
        let wait = session.policy.delay(afterFailures: failures)
        session.trace.begin(track, "backoff", "backoff wait", DurationFormat.string(wait))
        retryEvent = session.scheduler.schedule(after: wait) { [unowned self] in
            session.trace.end(track, "backoff", "backoff wait")
            connect()
        }
        session.advance()
    }

    private func disconnected() {
        guard disconnectedSince == nil else { return }
        disconnectedSince = session.scheduler.now.nanoseconds
        indicatorEvent = session.scheduler.schedule(after: session.indicatorDelay) {
            [unowned self] in
            indicatorShown = true
            session.trace.begin(track, "indicator", "offline indicator")
        }
    }

    private func hideIndicator() {
        if let indicatorEvent { session.scheduler.cancel(indicatorEvent) }
        indicatorEvent = nil
        if indicatorShown {
            indicatorShown = false
            session.trace.end(track, "indicator", "offline indicator")
        }
    }

    // MARK: Faults

    func goOffline() {
        offline = true
        if let channel {
            self.channel = nil
            WireConnection.reset(channel)
        }
    }

    func goOnline() { offline = false }

    func close() {
        if let retryEvent { session.scheduler.cancel(retryEvent) }
        channel?.close(promise: nil)
        channel = nil
    }
}

/// What the server sent one probe client, and what its mutations got back.
struct ProbeLog {
    struct Event {
        var at: VirtualInstant
        var id: String
        var data: String
        /// nil: the data is not an array of well-formed items.
        var items: [PunchItem]?
    }

    struct Answer {
        var at: VirtualInstant
        var sentAt: VirtualInstant
        var name: String
        var detail: String
        var status: Int?
        var version: Int?
        var error: String?
    }

    var events: [Event] = []
    var opens: [VirtualInstant] = []
    var drops: [VirtualInstant] = []
    var failures: [(VirtualInstant, String)] = []
    var answers: [Answer] = []
}
