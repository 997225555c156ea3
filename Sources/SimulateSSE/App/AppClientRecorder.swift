import SimulateCore

#if canImport(Observation)
    import Observation
#endif

/// Watches an app's own Punchlist client on one device and writes what it does and shows into the
/// device's client record, the log the `sse` invariants read. What happened on the wire comes from
/// the HTTP facade, never from the app: connection attempts, the first bytes of a stream reaching
/// the device ("connected"), stream ends and POSTs. What the app shows comes from the component: its
/// own `isConnected` (logged as reported, and cross-checked against the wire by
/// `sse.offlineIndicator`), the offline indicator and the list. Backoff waits are the gaps between a
/// failure and the next attempt the app makes.
final class AppClientRecorder {
    let record: SSEClient
    let world: SSEWorld
    private var instance: AppComponentInstance<any PunchlistClientComponent>
    var component: any PunchlistClientComponent { instance.component }
    var scheduler: Scheduler { world.scheduler }
    var track: String { record.track }

    // The stream's parser and what it delivered are @exclusivity(unchecked) on purpose (docs/performance.md):
    // fed once per delivered chunk, on the run's thread.
    @exclusivity(unchecked) private var parser = EventStreamParser()
    @exclusivity(unchecked) private var outputs: [EventStreamOutput] = []
    /// Full-state events delivered to the app and not yet on its screen, oldest first.
    @exclusivity(unchecked) var delivered: [(version: Int, digest: UInt64, time: VirtualInstant)] = []
    var shownDigest = PunchWire.digest([])
    /// Bytes of the open stream received and not yet parsed (``parseReceived()``).
    @exclusivity(unchecked) private var unparsed: [UInt8] = []
    /// The list on screen as the last poll read it, temporary ids marked (its digest is ``shownDigest``).
    var shownList: [PunchItem] = []
    /// The items registration (``itemsRegistrations``) that was in force when the last poll read the list of an
    /// `@Observable` component: while it has not fired, the list is the same and is not read again.
    var listReadUnder: Int?
    /// Observation registrations on the component's list made so far.
    var itemsRegistrations = 0
    /// The component is `@Observable`, so a change to its list is reported (``track(_:)``).
    var isObservable = false
    /// The exchange id of the stream the app has open, if any.
    private var stream: Int?
    private var eventOnStream = false
    /// Bytes of the open stream reached the device: on the wire, the device is connected.
    private var bytesOnStream = false
    /// The open stream's answer is the event stream (false once its head says otherwise).
    private var streamIsEvents = true
    /// The last stream failure the app has not yet answered with an attempt: when, its log index, and
    /// whether the wait that follows it has been seen starting.
    /// Log entries after it wait to be judged until the wait is seen or inserted.
    private var failure: (time: VirtualInstant, index: Int, waitSeen: Bool)? {
        didSet { record.log.holdFrom = failure.flatMap { $0.waitSeen ? nil : $0.index + 1 } }
    }
    /// The task that opened the last stream: its next sleep after a failure is the backoff wait.
    private var streamTask = 0
    private var failuresSinceReset = 0
    var pollScheduled = false
    /// When the app put up, in the instant of a delivery, a list that is no delivered state (``poll()``).
    var unlandedListSince: VirtualInstant?
    /// When the user last acted on the device (``fire(_:)``).
    var lastActionTime: VirtualInstant?
    /// `isConnected` and `showsOfflineIndicator` as the last poll read them, and whether a change to
    /// them began since (Observation's will-set; the macro skips assignments of an equal value).
    var lastReadConnected = false
    var connectedWillChange = false
    var indicatorWillChange = false
    /// Bumped on relaunch: the killed component's late changes are not the new one's.
    var generation = 0
    /// The mutations the app's requests asked for, by exchange id, with their serials in the ledger.
    private var sent: [Int: (serial: Int, mutation: Mutation)] = [:]
    /// Observation's change handlers hold this, not the recorder (``Link``).
    let link = Link()

    init(record: SSEClient, world: SSEWorld, instance: AppComponentInstance<any PunchlistClientComponent>) {
        self.record = record
        self.world = world
        self.instance = instance
        link.recorder = self
    }

    deinit {
        link.recorder = nil
    }

    func start() {
        record.launches += 1
        record.reportedConnected = false
        track(component)
        poll()
    }

    /// `sse.relaunch`: the app is killed (its tasks cancelled) and launched again with nothing on screen.
    func relaunch() {
        guard let relaunch = instance.relaunch else { return }
        parseReceived()
        world.trace.instant(track, "connection", "relaunch")
        if record.phase == .connected { world.trace.end(track, "connection", "connected", "relaunch") }
        if record.indicatorShown { world.trace.end(track, "indicator", "offline indicator") }
        record.phase = .idle
        record.indicatorShown = false
        record.model = []
        world.mutations.release(record.pendingOptimistic)
        record.pendingOptimistic.removeAll()
        stream = nil
        failure = nil
        failuresSinceReset = 0
        delivered.removeAll()
        unlandedListSince = nil
        shownDigest = PunchWire.digest([])
        shownList = []
        listReadUnder = nil
        bytesOnStream = false
        record.reportedConnected = false
        lastReadConnected = false
        connectedWillChange = false
        indicatorWillChange = false
        generation += 1
        trackedConnected = false
        trackedIndicator = false
        trackedItems = false
        record.launches += 1
        record.note(.launched)
        instance = relaunch()
        track(component)
        poll()
    }

    /// The user does something on the device: the action runs as a task of the device.
    func fire(_ action: ClientAction) {
        poll()
        lastActionTime = record.now
        let id: String
        if case .add(let text) = action {
            instance.perform { [component] in await component.add(text: text) }
            return
        }
        guard let target = action.target, let index = resolve(target) else {
            world.skippedActions += 1
            world.trace.instant(track, "post", "no such item", action.target?.description ?? "")
            return
        }
        id = component.shownItems[index].id
        let component = component
        switch action {
        case .add: break
        case .toggle: instance.perform { await component.toggle(itemID: id) }
        case .open: instance.perform { await component.open(itemID: id) }
        case .close: instance.perform { await component.close(itemID: id) }
        case .bump: instance.perform { await component.bump(itemID: id) }
        case .delete: instance.perform { await component.delete(itemID: id) }
        }
    }

    private func resolve(_ target: ItemTarget) -> Int? {
        let items = component.shownItems
        switch target {
        case .text(let text): return items.firstIndex { $0.text == text }
        case .index(let index): return index < items.count ? index : nil
        }
    }

    // MARK: What the app does on the wire

    func observe(_ event: HTTPClientEvent) {
        if case .streamBytes(let id, let bytes) = event {
            if id == stream, streamIsEvents { received(bytes) }
            return schedulePoll()
        }
        parseReceived()
        switch event {
        case .streamOpened(let request, let task):
            streamTask = task
            attempted(request.exchangeID)
        case .streamResponse(let id, let status, let headers):
            if id == stream { streamIsEvents = Self.isEventStream(status: status, headers: headers) }
        case .streamBytes: break
        case .streamEnded(let id, let reason): if id == stream { streamEnded(reason) }
        case .requestSent(let request): posted(request)
        case .requestFinished(let request, let status, let failure): answered(request, status: status, failure: failure)
        }
        schedulePoll()
    }

    private func attempted(_ exchangeID: Int) {
        record.attempts += 1
        if let failure, !failure.waitSeen {
            let wait = record.now - failure.time
            record.log.insert(
                ClientEvent(time: failure.time, kind: .waitStarted, delay: wait), at: failure.index + 1)
            record.lastDelay = wait
            record.sleeps += 1
            world.trace.instant(track, "backoff", "backoff wait", DurationFormat.string(wait), value: wait.nanoseconds)
        }
        failure = nil
        record.note(.attempt, Int64(record.attempts))
        world.trace.instant(track, "connection", "connect", "attempt \(record.attempts)", value: Int64(record.attempts))
        if record.phase != .connected { record.phase = .connecting }
        parser.reset()
        stream = exchangeID
        streamIsEvents = true
        eventOnStream = false
        bytesOnStream = false
    }

    /// A `200` whose `Content-Type` is `text/event-stream`: any other answer's body is not the event stream,
    /// so its bytes do not count as connected (WHATWG HTML, "Server-sent events": a response that is not
    /// 200 with that type fails the connection).
    static func isEventStream(status: Int, headers: [String: String]) -> Bool {
        guard status == 200 else { return false }
        let type = headers.first { equalsIgnoringASCIICase($0.key, "content-type") }?.value ?? ""
        // The media type before any parameter, spaces and tabs left out, read byte by byte: this runs for
        // every response the app gets, and the names compared are ASCII.
        var expected = "text/event-stream".utf8.makeIterator()
        for byte in type.utf8 {
            if byte == UInt8(ascii: ";") { break }
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { continue }
            guard let wanted = expected.next(), lowercasedASCII(byte) == wanted else { return false }
        }
        return expected.next() == nil
    }

    private static func equalsIgnoringASCIICase(_ text: String, _ lowercase: String) -> Bool {
        text.utf8.count == lowercase.utf8.count
            && zip(text.utf8, lowercase.utf8).allSatisfy { lowercasedASCII($0) == $1 }
    }

    private static func lowercasedASCII(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }

    private func received(_ bytes: [UInt8]) {
        if !bytesOnStream {
            bytesOnStream = true
            connectedOnWire()
        }
        if world.configuration.backoffReset == .firstByte { failuresSinceReset = 0 }
        unparsed.appendReceived(bytes)
    }

    /// Parses the stream's bytes received since the last call: at the start of every other entry of the
    /// judge, so within the instant they arrived (each delivery schedules a poll then), before anything
    /// reads what they delivered, and in the order of the judge's notes. One parse of an instant's chunks
    /// costs less than one per chunk (a network that splits streams finely delivers a byte or three at a time).
    func parseReceived() {
        guard !unparsed.isEmpty else { return }
        parser.feed(unparsed, into: &outputs)
        unparsed.removeAll(keepingCapacity: true)
        guard !outputs.isEmpty else { return }
        for output in outputs {
            guard case .event(let event) = output, event.type == "message",
                let digest = world.itemsDigest(ofEventData: event.data)
            else { continue }
            delivered.append((Int(event.lastEventId) ?? 0, digest, record.now))
            if !eventOnStream {
                eventOnStream = true
                record.note(.firstEvent)
                if world.configuration.backoffReset == .firstEvent { failuresSinceReset = 0 }
            }
        }
        outputs.removeAll(keepingCapacity: true)
    }

    private func streamEnded(_ reason: StreamEndReason?) {
        stream = nil
        let code: ClientEvent.Reason
        switch reason {
        case .closed(let closed): code = ClientEvent.Reason(closed)
        case .timedOut: code = .timedOut
        case nil: code = .connectionLost
        }
        // What the app showed up to the end comes first.
        poll()
        if bytesOnStream {
            bytesOnStream = false
            disconnected(code)
        } else {
            record.note(.attemptFailed, code.rawValue)
        }
        failure = (record.now, record.log.count - 1, false)
        failuresSinceReset += 1
    }

    /// The task that opened the failed stream starts to sleep: that is its backoff wait.
    func sleeps(task: Int, until deadline: VirtualInstant) {
        guard task == streamTask, let pending = failure, !pending.waitSeen else { return }
        // What the app showed up to its sleep comes first (a connect it made and lost in this job).
        poll()
        failure?.waitSeen = true
        let wait = deadline - record.now
        record.note(.waitStarted, delay: wait)
        record.lastDelay = wait
        record.sleeps += 1
        world.trace.instant(track, "backoff", "backoff wait", DurationFormat.string(wait), value: wait.nanoseconds)
    }

    /// Field report 19: "connected" means the server's first bytes arrived.
    private func connectedOnWire() {
        guard record.phase != .connected else { return }
        record.phase = .connected
        record.note(.connected)
        world.trace.begin(track, "connection", "connected")
    }

    private func disconnected(_ reason: ClientEvent.Reason) {
        record.phase = .waiting
        record.note(.disconnected, reason.rawValue)
        world.trace.end(track, "connection", "connected", reason.text, value: reason.rawValue)
    }

    private func posted(_ request: SimulatedHTTPRequest) {
        guard let mutation = SSERun.mutation(request) else { return }
        let optimistic = record.phase != .connected
        let text =
            mutation.itemID.flatMap { id in component.shownItems.first { $0.id == id }?.text }
            ?? { if case .add(let text) = mutation { text } else { "" } }()
        let serial = world.mutations.fire(
            device: record.device.id, time: record.now, mutation: mutation, text: text, optimistic: optimistic,
            tracksRequest: false
        ).serial
        sent[request.exchangeID] = (serial, mutation)
        if optimistic {
            record.pendingOptimistic.append(serial)
            world.mutations.hold(serial)
        }
        world.trace.instant(track, "post", mutation.requestName, text, value: Int64(serial))
    }

    /// The serial and mutation of a request the app sent (its body read once, when it left the device).
    func sent(forExchange id: Int) -> (serial: Int, mutation: Mutation)? { sent[id] }

    private func answered(_ request: SimulatedHTTPRequest, status: Int?, failure: NetworkError?) {
        guard let serial = sent[request.exchangeID]?.serial else { return }
        let outcome =
            failure?.description ?? (status == 200 ? "200" : status == 404 ? "404 unknown item" : "\(status ?? 0)")
        let method = world.mutations.fired(serial)?.mutation.method ?? ""
        world.mutations.answered(serial, outcome: outcome)
        if failure != nil { world.failedPosts += 1 }
        world.trace.instant(track, "post", method + " " + outcome, value: Int64(serial))
    }

    /// At the end: a failure the app never answered is a wait the policy says must have ended.
    func finish() {
        poll()
        guard let failure, !failure.waitSeen else { return }
        let policy = world.configuration.policy
        let base = policy.baseDelay(failures: max(0, failuresSinceReset - 1))
        let delay = policy.allowedRange(base: base, previous: record.lastDelay ?? base).upperBound
        record.log.insert(
            ClientEvent(time: failure.time, kind: .waitStarted, delay: delay), at: failure.index + 1)
        self.failure = nil
    }

    // Observation's registrations: one per property, each firing once.
    var trackedConnected = false
    var trackedIndicator = false
    var trackedItems = false
    var retrackScheduled = false
}
