import SimulateCloudKit
import SimulateCore
import SimulateJSON

/// One run of the `counter` plugin: the shared record server, one allocator per device, and the log
/// the invariants and statistics read.
public final class CounterRun: PluginRun, CloudKitServerProviding, DisplayIDAllocating {
    let configuration: CounterConfiguration
    let context: SimulationContext
    let server: CloudKitRecordServer
    let log: AllocationLog
    private(set) var allocators: [DeviceAllocator] = []
    /// `saveBatch` only: records saved per device index.
    var batchSaved: [Int]
    var batchFailures = 0
    /// Seed 000: "Manual `CKRecordZoneSubscription` only needed for the counter record": after a save of
    /// the counter, every other device gets a silent push `pushDelay` later and fetches the record.
    private(set) var subscription: SilentPushChannel?
    /// The app's own allocator, when the scenario selects one; made at time 0.
    private let appFactory: AppComponentFactory<any DisplayIDAllocatorComponent>?
    private(set) var appAllocators: AppAllocators?
    /// The watched invariants, judged as allocations end (CounterRun+Watch.swift).
    var uniqueWatch: UniqueWatch?
    var retryBoundWatches: [RetryBoundWatch] = []

    init(
        configuration: CounterConfiguration, context: SimulationContext,
        appAllocator: AppComponentFactory<any DisplayIDAllocatorComponent>? = nil
    ) {
        appFactory = appAllocator
        self.configuration = configuration
        self.context = context
        log = AllocationLog(
            devices: context.devices.count,
            keepsValuesByDevice: context.scenario.expectations?.contains {
                guard case .check = $0.kind else { return false }
                return $0.plugin == "counter" && $0.name == "allocated"
            } ?? false)
        server = CloudKitRecordServer(context: context, loadModel: configuration.loadModel)
        batchSaved = Array(repeating: 0, count: context.devices.count)
        server.saveZone(CloudZone(zoneID: CloudZoneID(configuration.zoneName), atomic: true))
        var record = CloudRecord(
            recordType: CounterConfiguration.recordType, recordID: configuration.recordID,
            fields: [CounterConfiguration.valueKey: .int(Int64(configuration.initialValue))])
        record.recordType = CounterConfiguration.recordType
        _ = server.modify(saving: [record], savePolicy: .allKeys)
        allocators = context.devices.map {
            DeviceAllocator(device: $0, context: context, server: server, configuration: configuration, log: log)
        }
        if configuration.subscription {
            let subscription = SilentPushChannel(
                context: context, delivery: .init(delay: configuration.pushDelay...configuration.pushDelay),
                randomComponent: "counter.push")
            self.subscription = subscription
            for allocator in allocators {
                allocator.counterSaved = { [unowned subscription] device in subscription.send(from: device) }
            }
            let app = SuspendedAppPushes(context: context) { [unowned self] in allocators[$0.index].pushArrived() }
            subscription.receive = app.arrived
        }
        context.network.observeConnectivity { [unowned self] device, online in
            allocators[device.index].connectivityChanged(online: online)
            if online { subscription?.deviceOnline(device) }
        }
    }

    public var cloudKitServer: CloudKitRecordServer { server }

    public func start() {
        if let appFactory {
            let appAllocators = AppAllocators(factory: appFactory, context: context, log: log)
            appAllocators.watchSaves(of: configuration.recordID, clients: allocators.map(\.client))
            self.appAllocators = appAllocators
        }
    }

    public func allocateDisplayID(
        on device: Device, completion: @escaping (Result<Int, CounterAllocationError>) -> Void
    ) {
        request(on: device, completion: completion)
    }

    private func request(on device: Device, completion: ((Result<Int, CounterAllocationError>) -> Void)?) {
        let index = log.request(deviceIndex: device.index, at: context.now)
        if let completion { log.completions[index] = completion }
        if let appAllocators {
            appAllocators.enqueue(index, on: device)
            return
        }
        allocators[device.index].enqueue(index)
    }

    public func perform(_ action: CounterAction, device: Device?) {
        guard let device else { preconditionFailure("counter actions are declared to need a device") }
        switch action {
        case .next(let next):
            for _ in 0..<next.count { request(on: device, completion: nil) }
        case .saveBatch(let batch):
            saveBatch(on: device, records: batch.records, split: batch.split)
        }
    }

    public func observe(_ observable: CounterObservable, device: Device?) -> JSON {
        switch observable {
        case .value:
            let value = server.record(configuration.recordID)?[CounterConfiguration.valueKey]?.intValue
            return value.map { .integer($0) } ?? .null
        case .allocated:
            guard let device, let values = log.valuesByDevice?[device.index] else { return .null }
            return .array(values.map { JSON($0) })
        case .failed:
            guard let device else { return .null }
            return JSON(log.failedByDevice[device.index])
        case .knownValue:
            guard let device else { return .null }
            return JSON(allocators[device.index].knownValue)
        case .pending:
            guard let device else { return .null }
            return JSON(appAllocators?.pendingCount(on: device) ?? allocators[device.index].pendingCount)
        case .batchSaved:
            guard let device else { return .null }
            return JSON(batchSaved[device.index])
        }
    }
}
