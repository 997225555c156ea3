import SimulateCore
import SimulateJSON

/// One run of the `sse` plugin: the server, one client per device, and the invariants over their logs.
public final class SSERun: PluginRun {
    let world: SSEWorld
    let clients: [SSEClient]
    /// The app's own client, when the scenario selects one: it runs in place of the reference client,
    /// and `clients` hold the records its recorders write.
    private let appClient: AppComponentFactory<any PunchlistClientComponent>?
    private let context: SimulationContext
    private(set) var recorders: [AppClientRecorder] = []
    /// The watched invariants judged entry by entry in the clients' logs: one watcher per client each.
    private var indicatorWatchers: [(kind: SSEInvariant.Kind, watchers: [IndicatorInvariant])] = []
    private var backoffWatchers: [(kind: SSEInvariant.Kind, watchers: [BackoffInvariant])] = []
    private var freshnessWatchers: [(kind: SSEInvariant.Kind, watchers: [FreshnessInvariant])] = []
    private var reconnectWatches: [(kind: SSEInvariant.Kind, watch: ReconnectRateWatch)] = []

    init(
        configuration: SSEConfiguration, context: SimulationContext,
        appClient: AppComponentFactory<any PunchlistClientComponent>? = nil
    ) {
        self.appClient = appClient
        self.context = context
        let world = SSEWorld(context: context, configuration: configuration)
        self.world = world
        let readsPeakRate =
            context.scenario.expectations?.contains {
                guard case .check = $0.kind else { return false }
                return $0.plugin == "sse" && $0.name == "peakReconnectRate"
            } ?? false
        if readsPeakRate { world.reconnectTimes = [] }
        clients = context.devices.map {
            SSEClient(device: $0, world: world, random: context.random(for: $0, component: "sse.backoff"))
        }
        context.network.onServerRestart(SSEServer.name) { [unowned world] in world.server.restarted() }
        context.network.onServerError(SSEServer.name) { [unowned world] fault, active in
            world.server.errors.changed(fault, active: active)
        }
    }

    public func watch(_ invariant: SSEInvariant) {
        switch invariant.kind {
        case .offlineIndicator(let delay, let tolerance):
            guard !indicatorWatchers.contains(where: { $0.kind == invariant.kind }) else { return }
            let watchers = clients.map {
                IndicatorInvariant(device: $0.device.id, delay: delay, tolerance: tolerance)
            }
            for (client, watcher) in zip(clients, watchers) { client.log.watchers.append(watcher) }
            indicatorWatchers.append((invariant.kind, watchers))
        case .backoff(let policy, let resetOn, let stableFor):
            guard !backoffWatchers.contains(where: { $0.kind == invariant.kind }) else { return }
            let watchers = clients.map {
                BackoffInvariant(device: $0.device.id, policy: policy, resetOn: resetOn, stableFor: stableFor)
            }
            for (client, watcher) in zip(clients, watchers) { client.log.watchers.append(watcher) }
            backoffWatchers.append((invariant.kind, watchers))
        case .freshness(let within):
            guard !freshnessWatchers.contains(where: { $0.kind == invariant.kind }) else { return }
            let watchers = clients.map { FreshnessInvariant(device: $0.device.id, within: within) }
            for (client, watcher) in zip(clients, watchers) {
                client.log.watchers.append(watcher)
                client.freshnessWatchers.append(watcher)
                for (version, record) in world.server.log.kept {
                    watcher.serverVersion(version, at: record.time)
                }
                world.server.versionWatchers.append(watcher)
            }
            freshnessWatchers.append((invariant.kind, watchers))
        case .reconnectRate(let max, let window):
            guard !reconnectWatches.contains(where: { $0.kind == invariant.kind }) else { return }
            let watch = ReconnectRateWatch(max: max, window: window)
            world.reconnectWatches.append(watch)
            reconnectWatches.append((invariant.kind, watch))
        default:
            break
        }
    }

    public func start() {
        if appClient != nil { world.remembersServerEvents() }
        world.server.start()
        if let appClient {
            recorders = clients.map {
                AppClientRecorder(record: $0, world: world, instance: appClient.make(context, $0.device))
            }
            for recorder in recorders { recorder.start() }
            return
        }
        for client in clients { client.start() }
    }

    public func perform(_ action: SSEAction, device: Device?) {
        switch action.kind {
        case .serverMode(let mode):
            world.server.mode = mode
            world.trace.instant(SSEServer.track, "mutation", "mode " + mode.rawValue)
        case .client(let action):
            guard let device else { preconditionFailure("sse user actions are declared to need a device") }
            if recorders.isEmpty {
                clients[device.index].fire(action)
            } else {
                recorders[device.index].fire(action)
            }
        case .relaunch:
            guard let device else { preconditionFailure("sse.relaunch is declared to need a device") }
            if recorders.isEmpty {
                clients[device.index].relaunch()
            } else {
                recorders[device.index].relaunch()
            }
        }
    }

    public func observe(_ observable: SSEObservable, device: Device?) -> JSON {
        let client = device.map { clients[$0.index] }
        switch observable.kind {
        case .offlineIndicator: return client.map { .bool($0.indicatorShown) } ?? .null
        case .connected: return client.map { .bool($0.reportedConnected ?? ($0.phase == .connected)) } ?? .null
        case .items: return client?.itemsJSON ?? .null
        case .reconnectAttempts: return client.map { JSON(max(0, $0.attempts - $0.launches)) } ?? .null
        case .lastBackoffDelay:
            return client?.lastDelay.map { JSON($0.seconds) } ?? .null
        case .temporaryItems: return client.map { JSON($0.temporaryItems) } ?? .null
        case .serverItems:
            return .array(world.server.items.map { ["text": .string($0.text), "done": .bool($0.done)] })
        case .serverVersion: return JSON(world.server.version)
        case .serverRequests:
            return .object(
                JSONObject(world.server.log.requests.sorted { $0.key < $1.key }.map { ($0.key, JSON($0.value)) }))
        case .peakReconnectRate(let window):
            return JSON(ServerInvariants.peakReconnects(world.reconnectTimes ?? [], window: window))
        }
    }

    public func finish() {
        for recorder in recorders { recorder.finish() }
    }

    public func evaluate(_ invariant: SSEInvariant) -> [Violation] {
        let end = world.scheduler.now
        switch invariant.kind {
        case .offlineIndicator:
            guard let watched = indicatorWatchers.first(where: { $0.kind == invariant.kind }) else {
                preconditionFailure("sse.offlineIndicator was not watched")
            }
            return zip(clients, watched.watchers).flatMap { client, watcher in
                watcher.violations(
                    end: end, recent: client.log.last,
                    reportsConnection: client.reportedConnected != nil)
            }
        case .backoff:
            guard let watched = backoffWatchers.first(where: { $0.kind == invariant.kind }) else {
                preconditionFailure("sse.backoff was not watched")
            }
            return watched.watchers.flatMap { $0.violations(end: end) }
        case .fullState:
            var violations = world.fullStateViolations
            let dropped = world.fullStateViolationCount - violations.count
            if dropped > 0, let last = violations.last {
                violations.append(
                    Violation(at: last.at, message: "… and \(dropped) more fullState violations"))
            }
            return violations
        case .converged: return StateInvariants.converged(clients, server: world.server, end: end)
        case .freshness:
            guard let watched = freshnessWatchers.first(where: { $0.kind == invariant.kind }) else {
                preconditionFailure("sse.freshness was not watched")
            }
            return zip(clients, watched.watchers).flatMap { client, watcher in
                watcher.violations(end: end, recent: client.log.last)
            }
        case .serverIds: return ServerInvariants.serverIds(world, clients: clients)
        case .mutationsDelivered: return world.mutations.undeliveredViolations
        case .noRevert: return world.mutations.revertViolations
        case .reconnectRate:
            guard let watched = reconnectWatches.first(where: { $0.kind == invariant.kind }) else {
                preconditionFailure("sse.reconnectRate was not watched")
            }
            return watched.watch.violations
        }
    }

    public func statistics() -> JSON? {
        let attempts = clients.reduce(0) { $0 + $1.attempts }
        let sleeps = clients.reduce(0) { $0 + $1.sleeps }
        return [
            "connectAttempts": JSON(attempts), "backoffSleeps": JSON(sleeps),
            "eventsApplied": JSON(clients.reduce(0) { $0 + $1.appliedCount }),
            "mutations": JSON(world.mutations.count), "failedPosts": JSON(world.failedPosts),
            "skippedActions": JSON(world.skippedActions), "refusedBumps": JSON(world.refusedBumps),
            "serverVersion": JSON(world.server.version), "serverAccepts": JSON(world.server.log.accepts),
            "serverRestarts": JSON(world.server.log.restarts),
        ]
    }
}
