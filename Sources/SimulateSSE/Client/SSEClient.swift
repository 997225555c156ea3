import SimulateCore

/// The Punchlist iOS client on one device: one event stream, a model replaced by every event,
/// reconnect backoff, and the offline indicator.
final class SSEClient {
    enum Phase {
        case idle, connecting, connected, waiting
    }

    let device: Device
    /// The device id: the client's timeline track.
    let track: String
    let world: SSEWorld
    private let configuration: SSEConfiguration
    let scheduler: Scheduler
    let trace: Trace
    private let network: Network
    private let accept: (StreamConnection) -> Void
    var phase = Phase.idle
    /// The items on screen, in display order (most recent at the end).
    var model: [PunchItem] = []
    var indicatorShown = false
    /// An app client's own `isConnected`, as it last reported it; nil for the reference client, whose
    /// "connected" is the wire's (``phase``).
    var reportedConnected: Bool?
    /// Connection attempts so far, the first connect included.
    var attempts = 0
    /// App launches so far: 1 at start, plus 1 per relaunch. Each launch's first attempt is no reconnect.
    var launches = 0
    var lastDelay: VirtualDuration?
    /// Backoff waits so far.
    var sleeps = 0
    /// The version of the last full-state event applied (0: none yet).
    private(set) var displayedVersion = 0
    /// Unchecked exclusivity (docs/performance.md): its watchers run inside each append, so every entry was a
    /// run-time access check. Watchers get the recent entries as an argument and never read the log.
    @exclusivity(unchecked) var log = JudgedLog()
    /// Attempts since the last launch: every one after the first is a reconnect.
    @exclusivity(unchecked) private var attemptsSinceLaunch = 0
    /// Full-state events applied so far, and the last one.
    private(set) var appliedCount = 0
    private(set) var lastApplied: AppliedState?
    /// The `freshness` invariants watching this client.
    var freshnessWatchers: [FreshnessInvariant] = []
    /// Serials of mutations applied optimistically since the last full-state event.
    var pendingOptimistic: [Int] = []
    var temporaryCount = 0
    var random: SeededRandom

    private var connection: StreamConnection?
    // @exclusivity(unchecked) on purpose (docs/performance.md): fed once per delivered chunk, on the run's thread.
    @exclusivity(unchecked) private var parser = EventStreamParser()
    private var parserHoldsBytes = false
    @exclusivity(unchecked) private var outputs: [EventStreamOutput] = []
    private var failures = 0
    private var previousDelay: VirtualDuration
    private var receivedEvent = false
    private var indicatorTimer: EventHandle?
    private var retryTimer: EventHandle?
    /// The request timer restarts here: at the attempt's start, then at every byte that arrives.
    private var lastByteTime: VirtualInstant = .start
    private var requestTimerPending = false

    // Made once in init. The scheduler and the network only call them while the run, which owns
    // this client, is going.
    private var dataHandler: (ArraySlice<UInt8>) -> Void = { _ in }
    private var closeHandler: (StreamCloseReason) -> Void = { _ in }
    private var retryHandler: () -> Void = {}
    private var indicatorHandler: () -> Void = {}
    private var requestTimerHandler: () -> Void = {}

    init(device: Device, world: SSEWorld, random: SeededRandom) {
        self.device = device
        track = device.id
        self.world = world
        configuration = world.configuration
        scheduler = world.scheduler
        trace = world.trace
        network = world.network
        accept = world.server.accept
        self.random = random
        previousDelay = world.configuration.policy.initialDelay
        // Unmanaged on purpose (docs/performance.md): the run holds its clients until it ends, and a chunk reaches
        // this handler only in one of the run's events; `unowned` counted a strong reference around every chunk.
        dataHandler = { [client = Unmanaged.passUnretained(self)] bytes in
            client._withUnsafeGuaranteedRef { $0.received(bytes) }
        }
        closeHandler = { [unowned self] reason in streamClosed(reason) }
        retryHandler = { [unowned self] in retry() }
        indicatorHandler = { [unowned self] in showIndicator() }
        requestTimerHandler = { [unowned self] in requestTimerFired() }
    }

    var now: VirtualInstant { scheduler.now }

    /// App launch: disconnected until the first bytes arrive, so the indicator clock starts now.
    func start() {
        launches += 1
        indicatorTimer = scheduler.schedule(
            after: configuration.offlineIndicatorDelay, indicatorHandler)
        connect()
    }

    /// The app is killed and launched again. Punchlist keeps no local database (seed 002, "No local
    /// database — … Items live in memory and come from the server"), so the list is empty until the
    /// first full state of the new launch; the backoff, the indicator and temporary ids start over.
    func relaunch() {
        trace.instant(track, "connection", "relaunch")
        if let stream = connection {
            connection = nil
            stream.close()
        }
        if phase == .connected { trace.end(track, "connection", "connected", "relaunch") }
        if let timer = retryTimer {
            scheduler.cancel(timer)
            retryTimer = nil
            trace.end(track, "backoff", "backoff wait")
        }
        if let timer = indicatorTimer {
            scheduler.cancel(timer)
            indicatorTimer = nil
        }
        if indicatorShown {
            indicatorShown = false
            trace.end(track, "indicator", "offline indicator")
        }
        if parserHoldsBytes {
            parser.reset()
            parserHoldsBytes = false
        }
        model = []
        world.mutations.release(pendingOptimistic)
        pendingOptimistic.removeAll()
        temporaryCount = 0
        displayedVersion = 0
        resetBackoff()
        phase = .idle
        note(.launched)
        start()
    }

    // MARK: Connecting

    private func connect() {
        phase = .connecting
        attempts += 1
        receivedEvent = false
        if network.isOffline(device) {
            refusedOffline()
            return
        }
        note(.attempt, Int64(attempts))
        trace.instant(track, "connection", "connect", "attempt \(attempts)", value: Int64(attempts))
        let stream = network.openStream(from: device, to: SSEServer.name, accept: accept)
        stream.onBytes = dataHandler
        stream.onClose = closeHandler
        connection = stream
        lastByteTime = now
        armRequestTimer()
    }

    private func retry() {
        retryTimer = nil
        trace.end(track, "backoff", "backoff wait")
        connect()
    }

    private func streamClosed(_ reason: StreamCloseReason) {
        connection = nil
        ended(ClientEvent.Reason(reason))
    }

    /// URLSession's `timeoutIntervalForRequest`: the task fails when no data arrived for that long,
    /// before the first bytes and on an open stream alike; the timer restarts on every byte.
    private func armRequestTimer() {
        guard !requestTimerPending else { return }
        requestTimerPending = true
        scheduler.schedule(
            at: lastByteTime + configuration.requestTimeout, requestTimerHandler
        )
    }

    private func requestTimerFired() {
        requestTimerPending = false
        guard phase == .connecting || phase == .connected else { return }
        guard now - lastByteTime >= configuration.requestTimeout else {
            armRequestTimer()
            return
        }
        if phase == .connected {
            trace.instant(
                track, "connection", "request timeout",
                "no data for " + DurationFormat.string(configuration.requestTimeout))
        }
        connection?.close()
        connection = nil
        ended(.timedOut)
    }

    private func received(_ bytes: ArraySlice<UInt8>) {
        guard phase == .connecting || phase == .connected else { return }
        lastByteTime = now
        if phase == .connecting { becomeConnected() }
        parserHoldsBytes = true
        parser.feed(bytes, into: &outputs)
        guard !outputs.isEmpty else { return }
        var batch: [EventStreamOutput] = []
        swap(&batch, &outputs)
        for output in batch { handle(output) }
        batch.removeAll(keepingCapacity: true)
        swap(&batch, &outputs)
    }

    private func becomeConnected() {
        phase = .connected
        note(.connected)
        trace.begin(track, "connection", "connected")
        if let timer = indicatorTimer {
            scheduler.cancel(timer)
            indicatorTimer = nil
        }
        if indicatorShown {
            indicatorShown = false
            note(.indicatorHidden)
            trace.end(track, "indicator", "offline indicator")
        }
        if configuration.backoffReset == .firstByte { resetBackoff() }
    }

    private func handle(_ output: EventStreamOutput) {
        switch output {
        case .retry(let milliseconds):
            trace.instant(track, "state", "retry ignored", "\(milliseconds)ms", value: Int64(milliseconds))
        case .event(let event):
            guard event.type == "message" else {
                trace.instant(track, "state", "event ignored", event.type)
                return
            }
            guard let items = PunchWire.decodeItems(event.data) else {
                malformedEvent(event)
                return
            }
            applyFullState(items, version: Int(event.lastEventId) ?? 0, update: world.configuration.stateUpdate)
            if !receivedEvent {
                receivedEvent = true
                note(.firstEvent)
                if configuration.backoffReset == .firstEvent { resetBackoff() }
            }
        }
    }

    // MARK: Disconnecting

    private func ended(_ reason: ClientEvent.Reason) {
        if parserHoldsBytes {
            parser.reset()
            parserHoldsBytes = false
        }
        if phase == .connected {
            note(.disconnected, reason.rawValue)
            trace.end(track, "connection", "connected", reason.text, value: reason.rawValue)
            indicatorTimer = scheduler.schedule(
                after: configuration.offlineIndicatorDelay, indicatorHandler)
        } else {
            note(.attemptFailed, reason.rawValue)
        }
        waitThenReconnect(after: reason)
    }

    /// The failed attempt's reason goes into the wait's detail: one trace record less per attempt.
    private func waitThenReconnect(after reason: ClientEvent.Reason) {
        let delay = nextDelay()
        note(.waitStarted, delay: delay)
        trace.begin(
            track, "backoff", "backoff wait", DurationFormat.string(delay) + " after " + reason.text,
            value: delay.nanoseconds)
        retryTimer = scheduler.schedule(after: delay, retryHandler)
    }

    /// Without a network the OS refuses a request at once (notConnectedToInternet), as the network
    /// would one event later. Refusing here, with one log entry and one trace span per attempt,
    /// keeps long outages cheap to simulate.
    private func refusedOffline() {
        let delay = nextDelay()
        note(.refusedThenWaited, delay: delay)
        trace.begin(
            track, "backoff", "backoff wait",
            DurationFormat.string(delay) + " after attempt \(attempts) refused: offline", value: delay.nanoseconds)
        retryTimer = scheduler.schedule(after: delay, retryHandler)
    }

    private func nextDelay() -> VirtualDuration {
        let policy = configuration.policy
        let base = policy.baseDelay(failures: failures)
        let delay =
            policy.jitter == .none ? base : policy.draw(base: base, previous: previousDelay, random: &random)
        previousDelay = delay
        failures += 1
        sleeps += 1
        lastDelay = delay
        phase = .waiting
        return delay
    }

    private func resetBackoff() {
        failures = 0
        previousDelay = configuration.policy.initialDelay
    }

    private func showIndicator() {
        indicatorTimer = nil
        guard phase != .connected, !indicatorShown else { return }
        indicatorShown = true
        note(.indicatorShown)
        trace.begin(track, "indicator", "offline indicator")
    }

    func note(_ kind: ClientEvent.Kind, _ value: Int64 = 0) {
        write(ClientEvent(time: now, kind: kind, value: value))
    }

    func note(_ kind: ClientEvent.Kind, delay: VirtualDuration) {
        write(ClientEvent(time: now, kind: kind, delay: delay))
    }

    private func write(_ event: ClientEvent) {
        switch event.kind {
        case .launched: attemptsSinceLaunch = 0
        case .attempt, .refusedThenWaited:
            attemptsSinceLaunch += 1
            if attemptsSinceLaunch > 1 { world.reconnected(at: event.time) }
        default: break
        }
        log.append(event)
    }

    func noteApplied(version: Int) {
        appliedCount += 1
        lastApplied = AppliedState(time: now, version: version)
        for watcher in freshnessWatchers {
            watcher.applied(version, at: now, judged: log.isHolding ? nil : log.recent)
        }
        displayedVersion = version
    }
}
