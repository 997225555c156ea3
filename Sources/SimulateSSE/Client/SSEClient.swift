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
    private(set) var phase = Phase.idle
    /// The items on screen, in display order (most recent at the end).
    var model: [PunchItem] = []
    private(set) var indicatorShown = false
    /// Connection attempts so far, the first connect included.
    private(set) var attempts = 0
    private(set) var lastDelayNanoseconds: Int64?
    /// Backoff waits so far.
    private(set) var sleeps = 0
    /// The version of the last full-state event applied (0: none yet).
    private(set) var displayedVersion = 0
    private(set) var log: [ClientEvent] = []
    private(set) var applied: [AppliedState] = []
    /// Serials of mutations applied optimistically since the last full-state event.
    var pendingOptimistic: [Int] = []
    var temporaryCount = 0
    var random: SeededRandom

    private var connection: StreamConnection?
    private var parser = EventStreamParser()
    private var parserHoldsBytes = false
    private var outputs: [EventStreamOutput] = []
    private var failures = 0
    private var previousDelayNanoseconds: Int64
    private var receivedEvent = false
    private var indicatorTimer: EventHandle?
    private var attemptDeadline: Int64 = 0
    private var attemptTimerPending = false
    private var lastByteTime: Int64 = 0
    private var idleTimerPending = false

    // Made once in init. The scheduler and the network only call them while the run, which owns
    // this client, is going: unowned(unsafe) spares a reference count per event.
    private var dataHandler: ([UInt8]) -> Void = { _ in }
    private var closeHandler: (StreamCloseReason) -> Void = { _ in }
    private var retryHandler: () -> Void = {}
    private var indicatorHandler: () -> Void = {}
    private var attemptTimerHandler: () -> Void = {}
    private var idleTimerHandler: () -> Void = {}

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
        previousDelayNanoseconds = world.configuration.policy.initialNanoseconds
        dataHandler = { [unowned(unsafe) self] bytes in received(bytes) }
        closeHandler = { [unowned(unsafe) self] reason in streamClosed(reason) }
        retryHandler = { [unowned(unsafe) self] in retry() }
        indicatorHandler = { [unowned(unsafe) self] in showIndicator() }
        attemptTimerHandler = { [unowned(unsafe) self] in attemptTimerFired() }
        idleTimerHandler = { [unowned(unsafe) self] in idleTimerFired() }
    }

    var now: Int64 { scheduler.now }

    /// App launch: disconnected until the first bytes arrive, so the indicator clock starts now.
    func start() {
        indicatorTimer = scheduler.schedule(
            afterNanoseconds: configuration.offlineIndicatorDelayNanoseconds, indicatorHandler)
        connect()
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
        stream.onData = dataHandler
        stream.onClose = closeHandler
        connection = stream
        attemptDeadline = now + configuration.requestTimeoutNanoseconds
        if !attemptTimerPending {
            attemptTimerPending = true
            scheduler.schedule(atNanoseconds: attemptDeadline, attemptTimerHandler)
        }
    }

    private func retry() {
        trace.end(track, "backoff", "backoff wait")
        connect()
    }

    private func streamClosed(_ reason: StreamCloseReason) {
        connection = nil
        ended(ClientEvent.Reason(reason))
    }

    private func attemptTimerFired() {
        attemptTimerPending = false
        guard phase == .connecting else { return }
        guard now >= attemptDeadline else {
            attemptTimerPending = true
            scheduler.schedule(atNanoseconds: attemptDeadline, attemptTimerHandler)
            return
        }
        connection?.close()
        connection = nil
        ended(.timedOut)
    }

    private func received(_ bytes: [UInt8]) {
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
        armIdleTimer()
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
            applyFullState(items, version: Int(event.lastEventId) ?? 0)
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
                afterNanoseconds: configuration.offlineIndicatorDelayNanoseconds, indicatorHandler)
        } else {
            note(.attemptFailed, reason.rawValue)
        }
        waitThenReconnect(after: reason)
    }

    /// The failed attempt's reason goes into the wait's detail: one trace record less per attempt.
    private func waitThenReconnect(after reason: ClientEvent.Reason) {
        let delay = nextDelay()
        note(.waitStarted, delay)
        trace.begin(
            track, "backoff", "backoff wait", DurationFormat.string(delay) + " after " + reason.text, value: delay)
        scheduler.schedule(afterNanoseconds: delay, retryHandler)
    }

    /// Without a network the OS refuses a request at once (notConnectedToInternet), as the network
    /// would one event later. Refusing here, with one log entry and one trace span per attempt,
    /// keeps long outages cheap to simulate.
    private func refusedOffline() {
        let delay = nextDelay()
        note(.refusedThenWaited, delay)
        trace.begin(
            track, "backoff", "backoff wait",
            DurationFormat.string(delay) + " after attempt \(attempts) refused: offline", value: delay)
        scheduler.schedule(afterNanoseconds: delay, retryHandler)
    }

    private func nextDelay() -> Int64 {
        let policy = configuration.policy
        let base = policy.baseDelay(failures: failures)
        let delay =
            policy.jitter == .none ? base : policy.draw(base: base, previous: previousDelayNanoseconds, random: &random)
        previousDelayNanoseconds = delay
        failures += 1
        sleeps += 1
        lastDelayNanoseconds = delay
        phase = .waiting
        return delay
    }

    private func resetBackoff() {
        failures = 0
        previousDelayNanoseconds = configuration.policy.initialNanoseconds
    }

    private func showIndicator() {
        indicatorTimer = nil
        guard phase != .connected, !indicatorShown else { return }
        indicatorShown = true
        note(.indicatorShown)
        trace.begin(track, "indicator", "offline indicator")
    }

    private func armIdleTimer() {
        guard let idle = configuration.idleTimeoutNanoseconds, !idleTimerPending else { return }
        idleTimerPending = true
        scheduler.schedule(atNanoseconds: lastByteTime + idle, idleTimerHandler)
    }

    private func idleTimerFired() {
        idleTimerPending = false
        guard phase == .connected, let idle = configuration.idleTimeoutNanoseconds else { return }
        guard now - lastByteTime >= idle else {
            armIdleTimer()
            return
        }
        trace.instant(track, "connection", "idle timeout", DurationFormat.string(idle))
        connection?.close()
        connection = nil
        ended(.idleTimeout)
    }

    func note(_ kind: ClientEvent.Kind, _ value: Int64 = 0) {
        log.append(ClientEvent(timeNanoseconds: now, kind: kind, value: value))
    }

    func noteApplied(version: Int) {
        applied.append(AppliedState(timeNanoseconds: now, version: version))
        displayedVersion = version
    }
}
