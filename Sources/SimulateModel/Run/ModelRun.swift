import SimulateCloudKit
import SimulateCore
import SimulateJSON

/// The `model` plugin during one run: a store and a mirroring delegate per device, sharing one
/// CloudKit server (the counter plugin's when it is enabled).
public final class ModelRun: PluginRun {
    let context: SimulationContext
    let configuration: ModelConfiguration
    let layout: StoreLayout
    let stores: [ModelStore]
    var syncs: [DeviceSync] = []
    var shared: MirrorShared?
    let schemaGroups: [CloudKitModelValidator.Group]
    /// The Code=134060 failure reason when the stores did not load (CloudKit on and a version breaks its rules).
    let loadFailure: String?
    let migrationChanges: [MigrationValidator.Change]
    var lastFetch: [JSON]
    var lastError: [JSON]
    /// Who created each object (scenario or service inserts), for uniqueness reports.
    /// By the number of the object's name (``ModelObject/slot``).
    @exclusivity(unchecked) private var creationsBySlot: [Creation?] = []

    /// The time first: 16 bytes a slot instead of 24 as an `(Int, VirtualInstant)?`.
    private struct Creation {
        var at: VirtualInstant
        var device: Int32
    }
    var uuidRandom: [SeededRandom]
    /// The server's state once the run is over, read once for every invariant.
    private var snapshot: ServerSnapshot?

    init(configuration: ModelConfiguration, context: SimulationContext) {
        self.context = context
        self.configuration = configuration
        let layout = StoreLayout(configuration.schema.current)
        self.layout = layout
        let names = NameTable()
        stores = context.devices.map { ModelStore(layout: layout, device: $0, names: names) }
        schemaGroups = CloudKitModelValidator.validate(configuration.schema, versions: configuration.validateVersions)
        loadFailure = configuration.cloudKitDatabase == .none ? nil : CloudKitModelValidator.failureReason(schemaGroups)
        migrationChanges = MigrationValidator.validate(configuration.schema)
        lastFetch = Array(repeating: .null, count: context.devices.count)
        lastError = lastFetch
        uuidRandom = context.devices.map { context.random(for: $0, component: "model.uuid") }
    }

    deinit {
        ModelStore.emptySlotBySlot(stores)
    }

    public func start() {
        let server = CloudKitRecordServer.forRun(context)
        server.saveZone(CloudZone(zoneID: MirrorShared.zoneID, atomic: true))
        let shared = MirrorShared(
            context: context, configuration: configuration, layout: layout, server: server,
            names: stores.first?.names ?? NameTable(),
            enabled: loadFailure == nil && configuration.cloudKitDatabase == .private)
        shared.displayIDs = context.service(DisplayIDAllocating.self)
        self.shared = shared
        if let loadFailure {
            for device in context.devices {
                context.trace.instant(
                    device.id, "sync", "store.loadFailed", "NSCocoaErrorDomain Code=134060: \(loadFailure)",
                    value: Int64(schemaGroups.count))
            }
        }
        syncs = context.devices.map { DeviceSync(device: $0, store: stores[$0.index], shared: shared) }
        for sync in syncs {
            sync.store.onLocalChange = { [unowned sync] in sync.noteLocalSave() }
        }
        let app = SuspendedAppPushes(context: context) { [unowned self] in syncs[$0.index].requestPass(.push) }
        shared.push.receive = app.arrived
        context.network.observeConnectivity { [unowned self] device, online in
            guard online else { return }
            shared.push.deviceOnline(device)
            if configuration.syncOnReconnect { syncs[device.index].requestPass(.reconnect) }
        }
        for sync in syncs {
            sync.requestPass(.launch)
            schedulePeriodic(sync)
        }
    }

    /// Periodic passes, each device at its own seeded phase so they do not all fire together.
    private func schedulePeriodic(_ sync: DeviceSync) {
        let period = configuration.periodicSync
        guard period > .zero, shared?.enabled == true else { return }
        var random = context.random(for: sync.device, component: "model.periodic")
        let phase = random.duration(in: .zero...(period - .nanoseconds(1)))
        func tick() {
            sync.requestPass(.periodic)
            context.scheduler.schedule(after: period) { tick() }
        }
        context.scheduler.schedule(after: period + phase) { tick() }
    }

    func finalSnapshot() -> ServerSnapshot {
        if let snapshot { return snapshot }
        let fresh = ServerSnapshot(self)
        snapshot = fresh
        return fresh
    }

    public func statistics() -> JSON? {
        var object = JSONObject()
        object["passes"] = .integer(Int64(syncs.reduce(0) { $0 + $1.passes }))
        object["failedPasses"] = .integer(Int64(syncs.reduce(0) { $0 + $1.failedPasses }))
        object["exportedRecords"] = .integer(Int64(syncs.reduce(0) { $0 + $1.exportedRecords }))
        object["importedRecords"] = .integer(Int64(syncs.reduce(0) { $0 + $1.importedRecords }))
        object["conflicts"] = .integer(Int64(syncs.reduce(0) { $0 + $1.conflicts }))
        if let shared {
            object["pushesSent"] = .integer(Int64(shared.push.sent))
            object["pushesDelivered"] = .integer(Int64(shared.push.delivered))
            object["pushesDropped"] = .integer(Int64(shared.push.dropped))
            object["pushesCoalesced"] = .integer(Int64(shared.push.coalesced))
            object["lostUpdates"] = .integer(Int64(shared.ledger.lostCount))
        }
        return .object(object)
    }
}

extension ModelRun {
    /// Who created the object named `name` (scenario or service inserts), if one was inserted.
    func creation(of name: String) -> (device: Int, at: VirtualInstant)? {
        guard let slot = stores.first?.names.slot(name), slot < creationsBySlot.count else { return nil }
        return creationsBySlot[slot].map { (Int($0.device), $0.at) }
    }

    func noteCreation(_ object: ModelObject, on device: Device) {
        let slot = object.slot
        if slot >= creationsBySlot.count {
            creationsBySlot += repeatElement(
                nil, count: max(slot + 1, creationsBySlot.count * 2) - creationsBySlot.count)
        }
        creationsBySlot[slot] = Creation(at: context.now, device: Int32(device.index))
    }
}
