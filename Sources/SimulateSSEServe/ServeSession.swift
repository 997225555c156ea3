import NIOCore
import SimulateCore
import SimulateJSON
import SimulateSSE

/// The state of one `simulate serve` run. Confined to the server's single event loop: NIO calls it
/// there, and its scheduler runs the scenario's faults and server-side steps in real time.
/// Unchecked: every use is on `loop`, which `assertInEventLoop` checks at the entry points.
final class ServeSession: @unchecked Sendable {
    let scenario: Scenario
    let options: ServeOptions
    let loop: EventLoop
    let scheduler: Scheduler
    let trace: Trace
    let faults: FaultTimeline
    var board: PunchBoard
    var log = ServeLog()
    var acceptThenClose = false
    var connections: [ObjectIdentifier: WireConnection] = [:]
    var observations: [Int: JSON] = [:]
    private var random: SeededRandom
    private var nextDelivery: [ObjectIdentifier: VirtualInstant] = [:]
    let driver: RealTimeDriver
    /// Completed with the run's outcome when the scenario's duration has passed or `stop()` was called.
    let outcome: EventLoopPromise<ServeOutcome>

    static let track = "server:sse"

    init(scenario: Scenario, options: ServeOptions, loop: EventLoop) {
        self.scenario = scenario
        self.options = options
        self.loop = loop
        scheduler = Scheduler(eventBudget: scenario.limits.eventBudget)
        trace = Trace(scheduler: scheduler, keepsRecords: true)
        faults = FaultTimeline(scenario: scenario)
        board = PunchBoard(
            initialItems: ServeSession.initialItems(scenario),
            clockResolution: scenario.configuration(ofPlugin: "sse", as: SSEConfiguration.self)?.serverClock
                ?? .nanosecond)
        random = SeededRandom(runSeed: options.seed ?? scenario.seed, label: "serve/network")
        outcome = loop.makePromise()
        driver = RealTimeDriver(
            scheduler: scheduler, loop: loop, speed: options.speed, duration: scenario.duration)
    }

    /// The configured `items` of the `sse` plugin, as the in-process server reads them.
    static func initialItems(_ scenario: Scenario) -> [(text: String, done: Bool)] {
        scenario.configuration(ofPlugin: "sse", as: SSEConfiguration.self)?.initialItems ?? []
    }

    // MARK: Time

    /// Starts the clock: virtual time 0 is now.
    func start() {
        loop.assertInEventLoop()
        driver.onFinish = { [unowned self] failure in finish(failure: failure) }
        // Stopped (Ctrl-C) before the run started: judge the empty run at once.
        if driver.isFinished { return finish(failure: nil) }
        scheduleFaults()
        scheduleSteps()
        scheduleChecks()
        if !options.startsOnFirstClient { driver.start() }
    }

    /// With `--start-on-first-client`, the scenario's time 0 is the first request.
    func startClockIfWaiting() {
        if !driver.hasStarted { driver.start() }
    }

    var isFinished: Bool { driver.isFinished }
    func realDuration(_ virtual: VirtualDuration) -> VirtualDuration { driver.realDuration(virtual) }
    func catchUp() { driver.catchUp() }
    func advance() { driver.advance() }

    /// Ends the run early (Ctrl-C): what happened so far is judged.
    func stop() { driver.stop() }

    private func finish(failure: RunFailure?) {
        for connection in connections.values { connection.finish() }
        let result = ServeJudge(session: self).result(failure: failure)
        outcome.succeed(ServeOutcome(result: result, log: log, notJudged: ServeJudge.notJudgedReasons(scenario)))
    }

    // MARK: Network conditions

    func isActive(_ kind: FaultKind, for device: String) -> Bool {
        faults.active(kind, device: device, at: scheduler.now) != nil
    }

    /// One message lost, by the fault's or the link's loss probability.
    func drawsLoss(for device: String) -> Bool {
        let loss =
            faults.active(.loss, device: device, at: scheduler.now)?.loss
            ?? scenario.network.loss
        return loss > 0 && random.chance(loss)
    }

    func drawLatency(for device: String) -> VirtualDuration {
        let range =
            faults.active(.latency, device: device, at: scheduler.now)?.latency
            ?? scenario.network.latency
        return random.duration(in: range.minimum...range.maximum)
    }

    /// Writes bytes after the link's latency, keeping the connection's order.
    func deliver(_ bytes: [UInt8], to connection: WireConnection, then after: (() -> Void)? = nil) {
        let key = ObjectIdentifier(connection)
        let due = max(scheduler.now + drawLatency(for: connection.device), nextDelivery[key] ?? .start)
        nextDelivery[key] = due
        scheduler.schedule(at: due) { [unowned self] in
            if case .overCap(let unsent) = connection.send(bytes, cap: options.unsentByteLimit) {
                overCap(connection, unsent: unsent)
            }
            after?()
        }
        advance()
    }

    /// A client that does not read its stream: closed before the server holds more than the cap for it.
    private func overCap(_ connection: WireConnection, unsent: Int) {
        log.overCap.append((connection.device, scheduler.now, unsent))
        let reason = "reset: \(unsent) bytes unsent, over the cap of \(options.unsentByteLimit)"
        trace.instant(connection.device, "network", "stream.reset", reason)
        if connection.role == .stream { endAttempt(of: connection, reason: reason) }
    }

    // MARK: Connections

    func register(_ connection: WireConnection) {
        connections[ObjectIdentifier(connection.channel)] = connection
        let open = connections.values.filter { $0.role == .stream && !$0.isClosed }.count
        log.peakOpenStreams = max(log.peakOpenStreams, open)
    }

    func connection(for channel: Channel) -> WireConnection? { connections[ObjectIdentifier(channel)] }

    /// The client closed its side, or the connection broke.
    func channelClosed(_ channel: Channel) {
        loop.assertInEventLoop()
        guard let connection = connections.removeValue(forKey: ObjectIdentifier(channel)) else { return }
        nextDelivery[ObjectIdentifier(connection)] = nil
        guard !isFinished else { return }
        catchUp()
        let wasOpen = !connection.isClosed
        connection.markClosedByClient()
        if connection.role == .stream {
            endAttempt(of: connection, reason: wasOpen ? ServeLog.closedByClient : nil)
        }
    }

    /// The client reset the connection (or it broke under the server): recorded as what it is, by
    /// device where a request named one. Not a malformed request.
    func clientReset(_ channel: Channel, message: String) {
        loop.assertInEventLoop()
        catchUp()
        let connection = connection(for: channel)
        let device = connection?.device ?? "unknown"
        log.clientResets.append((device, scheduler.now, message))
        trace.instant(device, "connection", "reset by the client", message)
        if let connection, !connection.isClosed, connection.role == .stream {
            connection.markClosedByClient()
            endAttempt(of: connection, reason: ServeLog.resetByClient)
        }
    }

    /// Whether a connection has nothing in flight: no stream, no request waiting for its answer.
    func isIdle(_ channel: Channel) -> Bool {
        guard let connection = connection(for: channel), !connection.isClosed else { return true }
        return connection.role == .request && !connection.isStalled && connection.isAnswered
    }

    /// A connection closed by the server after `idleTimeout` without a request.
    func idleClosed(_ channel: Channel) {
        loop.assertInEventLoop()
        log.idleCloses.append((connection(for: channel)?.device ?? "unknown", scheduler.now))
    }

    func endAttempt(of connection: WireConnection, reason: String?) {
        guard
            let index = log.attempts.lastIndex(where: {
                $0.device == connection.device && $0.at == connection.openedAt
            }), log.attempts[index].endedAt == nil
        else { return }
        log.attempts[index].endedAt = scheduler.now
        log.attempts[index].endReason = reason ?? "closed"
        trace.end(connection.device, "connection", "stream open", reason ?? "closed")
    }

    /// Every open connection of the devices a fault names (nil: all).
    func connections(of devices: Set<String>?) -> [WireConnection] {
        connections.values.filter { !$0.isClosed && (devices?.contains($0.device) ?? true) }
            .sorted { $0.openedAt < $1.openedAt }
    }
}

/// What `serve` hands back when it ends.
struct ServeOutcome {
    var result: RunResult
    var log: ServeLog
    /// Expectations of the scenario that cannot be judged from the server's side.
    var notJudged: [String]
}
