import SimulateJSON

/// Everything a plugin run may use: the clock, the network, the devices, the trace, seeded
/// randomness, and the other plugins' services.
public final class SimulationContext {
    /// The scenario being run.
    public let scenario: Scenario
    /// The run's seed; draw from ``random(_:)`` rather than from it directly.
    public let seed: UInt64
    /// The run's clock and event queue: schedule all work here.
    public let scheduler: Scheduler
    /// The simulated network: requests, streams, faults.
    public let network: Network
    /// The trace every run records into (and hashes).
    public let trace: Trace
    /// The devices, in scenario order (``Device/index`` is the position).
    public let devices: [Device]
    /// Where the async runtime records its choices, when the run was asked to record them.
    public let scheduleRecording: ScheduleRecording?
    var runs: [(name: String, run: any ErasedPluginRun)] = [] {
        didSet { servicesByType.removeAll() }
    }
    /// ``services(_:)``'s answers by service type, until the runs change: app code asks on every sleep
    /// and request, and each answer casts every run to the service's protocol. Kept for calls on the
    /// run's thread only: a task that escaped the simulation may call from another.
    var servicesByType: [ObjectIdentifier: Any] = [:]
    let thread = SimulationThread()
    private var attachments: [ObjectIdentifier: AnyObject] = [:]
    private var endChecks: [() -> String?] = []
    private var closers: [() -> Void] = []
    /// The fault points of app code that fired so far, in order (`SimulationFault.maybe`).
    public private(set) var firedFaultPoints: [FaultPointFiring] = []

    init(
        scenario: Scenario, seed: UInt64, keepsTrace: Bool, recordsSchedule: Bool = false, hashesTrace: Bool = true,
        traceRecordLimit: Int = 2_000_000
    ) {
        self.scenario = scenario
        self.seed = seed
        scheduleRecording = recordsSchedule ? ScheduleRecording() : nil
        scheduler = Scheduler(eventBudget: scenario.limits.eventBudget)
        trace = Trace(
            scheduler: scheduler, keepsRecords: keepsTrace, recordLimit: traceRecordLimit, hashesRecords: hashesTrace)
        devices = scenario.devices.enumerated().map { index, spec in
            Device(
                id: spec.id, platform: spec.platform, clockSkew: spec.clockSkew,
                simulator: spec.simulator, index: index)
        }
        network = Network(
            scheduler: scheduler, trace: trace, devices: devices, defaults: scenario.network, runSeed: seed)
    }

    /// Ends the run: plugin runs hold the context, and pending events and observers hold the runs, so
    /// letting go of them is what frees the run's objects.
    func close() {
        for closer in closers { closer() }
        closers.removeAll()
        endChecks.removeAll()
        attachments.removeAll()
        runs.removeAll()
        scheduler.discardPendingEvents()
        network.releaseRunObjects()
    }

    /// The one object of type `T` for this run, made by `make` the first time it is asked for: how a
    /// library outside the core (the async runtime) keeps per-run state next to the run.
    public func attachment<T: AnyObject>(_ type: T.Type, make: () -> T) -> T {
        if let existing = attachments[ObjectIdentifier(type)] { return existing as! T }
        let made = make()
        attachments[ObjectIdentifier(type)] = made
        return made
    }

    /// Adds a check made once the invariants are evaluated: a non-nil message breaks the run (exit status 3),
    /// for what the expectations cannot see, such as app tasks waiting on something outside the simulation.
    public func addEndCheck(_ check: @escaping () -> String?) {
        endChecks.append(check)
    }

    /// Adds work done when the run ends, whether it finished or broke, before its objects are let go.
    public func addCloser(_ closer: @escaping () -> Void) {
        closers.append(closer)
    }

    /// Messages of the end checks that failed.
    func runEndChecks() -> [String] {
        endChecks.compactMap { $0() }
    }

    /// The current virtual time.
    public var now: VirtualInstant { scheduler.now }

    /// Notes a fault point that fired, for the run's result and reports; the trace record is the caller's.
    public func recordFaultPoint(_ firing: FaultPointFiring) {
        firedFaultPoints.append(firing)
    }

    /// The device of that id, if any.
    public func device(named id: String) -> Device? {
        devices.first { $0.id == id }
    }

    /// A random stream of its own for a component; see ``SeededRandom`` for how labels split the seed.
    public func random(_ label: String) -> SeededRandom {
        SeededRandom(runSeed: seed, label: label)
    }

    /// The stream for one component on one device: adding devices never changes it.
    public func random(for device: Device, component: String) -> SeededRandom {
        random("\(device.id)/\(component)")
    }

    /// The run of another enabled plugin.
    public func pluginRun(named name: String) -> (any PluginRun)? {
        erasedRun(named: name)?.base as? any PluginRun
    }

    func erasedRun(named name: String) -> (any ErasedPluginRun)? {
        runs.first { $0.name == name }?.run
    }

    /// The first enabled plugin run that offers a service, e.g. `context.service(DisplayIDAllocating.self)`.
    public func service<Service>(_ type: Service.Type) -> Service? {
        for (_, run) in runs {
            if let service = run.base as? Service { return service }
        }
        return nil
    }
}
