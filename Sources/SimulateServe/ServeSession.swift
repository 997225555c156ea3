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
        outcome.succeed(ServeOutcome(result: result, log: log, notJudged: ServeJudge.notJudged(scenario)))
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
        scheduler.schedule(at: due) {
            connection.send(bytes)
            after?()
        }
        advance()
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
            endAttempt(of: connection, reason: wasOpen ? "closed by the client" : nil)
        }
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
