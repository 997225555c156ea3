import NIOCore
import NIOPosix
import SimulateCore
import SimulateJSON
import SimulateSSE

/// `simulate probe URL SCENARIO`: one reference client per scenario device (plus `extraClients` load
/// clients without steps) against a real server, in real time, with the devices' steps and `offline`
/// faults applied on the client side. Confined to one event loop.
final class ProbeSession: @unchecked Sendable {
    let scenario: Scenario
    let target: ProbeTarget
    let loop: EventLoop
    let scheduler: Scheduler
    let trace: Trace
    let driver: RealTimeDriver
    let policy: BackoffPolicyRule
    let indicatorDelay: VirtualDuration
    let requestTimeout: VirtualDuration
    private(set) var clients: [ProbeClient] = []
    let options: ProbeOptions
    var observations: [Int: JSON] = [:]
    let outcome: EventLoopPromise<RunResult>

    init(scenario: Scenario, target: ProbeTarget, options: ProbeOptions, loop: EventLoop) {
        self.scenario = scenario
        self.target = target
        self.loop = loop
        self.options = options
        scheduler = Scheduler(eventBudget: scenario.limits.eventBudget)
        trace = Trace(scheduler: scheduler, keepsRecords: options.keepsTrace)
        driver = RealTimeDriver(
            scheduler: scheduler, loop: loop, speed: 1, duration: scenario.duration)
        let configuration = scenario.configuration(ofPlugin: "sse", as: SSEConfiguration.self) ?? SSEConfiguration()
        policy = BackoffPolicyRule(configuration.policy)
        indicatorDelay = configuration.offlineIndicatorDelay
        requestTimeout = configuration.requestTimeout
        outcome = loop.makePromise()
        for device in scenario.devices { clients.append(ProbeClient(device: device.id, session: self)) }
        let prefix = scenario.devices.first?.id ?? "probe"
        for index in 0..<options.extraClients {
            clients.append(ProbeClient(device: "\(prefix)-load\(index + 1)", session: self))
        }
    }

    /// The items the probed server must hold when the run starts: the scenario's `sse` items.
    var initialTexts: [String] {
        (scenario.configuration(ofPlugin: "sse", as: SSEConfiguration.self)?.initialItems ?? []).map(\.text)
    }

    var isFinished: Bool { driver.isFinished }
    func catchUp() { driver.catchUp() }
    func advance() { driver.advance() }

    func start() {
        loop.assertInEventLoop()
        driver.onFinish = { [unowned self] failure in finish(failure) }
        // Stopped (Ctrl-C) before the run started: judge the empty run at once.
        if driver.isFinished { return finish(nil) }
        let end = scenario.end
        for (index, step) in scenario.steps.enumerated() where step.plugin == "sse" {
            guard let device = step.device, let client = clients.first(where: { $0.device == device }),
                let action = scenario.action(ofStep: index, as: SSEAction.self)
            else { continue }
            let first = step.at.instant(runEnd: scenario.end)
            for occurrence in 0..<min(step.repeat?.count ?? 1, FaultTimeline.occurrenceLimit) {
                let time = first + (step.repeat?.every ?? .zero) * occurrence
                guard time <= end else { break }
                scheduler.schedule(at: time) { client.perform(action, of: step) }
            }
        }
        for window in FaultTimeline(scenario: scenario).windows where window.kind == .offline && !options.ignoresFaults
        {
            let affected = clients.filter { window.devices?.contains($0.device) ?? true }
            scheduler.schedule(at: window.start) { [unowned self] in
                trace.instant("network", "fault", "offline", window.deviceText)
                affected.forEach { $0.goOffline() }
            }
            scheduler.schedule(at: window.end) {
                affected.forEach { $0.goOnline() }
            }
        }
        for (offset, expectation) in ProbeJudge.expectations(scenario).enumerated()
        where ProbeJudge.judges(expectation, in: scenario) {
            guard case .check(let at, let device, _) = expectation.kind,
                let observable = scenario.value(ofExpectation: expectation, at: offset, as: SSEObservable.self),
                let observe = ProbeJudge.observation(of: observable.kind)
            else { continue }
            scheduler.schedule(at: at.instant(runEnd: scenario.end)) { [unowned self] in
                observations[offset] = observe(self, device)
            }
        }
        scheduler.schedule(at: .start) { [unowned self] in clients.forEach { $0.connect() } }
        driver.start()
    }

    func stop() { driver.stop() }

    /// The client on `device`; the first client for a check without one.
    func client(on device: String?) -> ProbeClient {
        clients.first { $0.device == device } ?? clients[0]
    }

    private func finish(_ failure: RunFailure?) {
        for client in clients { client.close() }
        var failure = failure
        if failure == nil, clients.allSatisfy({ $0.log.opens.isEmpty }) {
            let reason = clients.first?.log.failures.first?.1 ?? "no answer"
            failure = RunFailure(
                message: "no event stream opened at \(target.description)/events during the run: \(reason)",
                at: scheduler.now)
        }
        outcome.succeed(ProbeJudge(session: self).result(failure: failure))
    }
}
