import SimulateCloudKit
import SimulateCore

extension CounterRun: CloudKitDeviceClientProviding {
    public func cloudKitClient(for device: Device) -> CloudKitDatabaseClient {
        allocators[device.index].client
    }

    public func cloudKitRequestSent(_ kind: CloudKitRequestKind, on device: Device) {
        appAllocators?.requestSent(kind, on: device)
    }
}

/// Runs the app's own allocator on every device: one allocation at a time per device, in request
/// order, each a task of the device; what it returns goes into the same log the reference writes.
/// What it returns is cross-checked against what reached the device on the wire: an id is backed
/// when a save of the counter record with that value was answered to the device during the
/// allocation (``unbacked``).
final class AppAllocators {
    private let log: AllocationLog
    private let context: SimulationContext
    private let instances: [AppComponentInstance<any DisplayIDAllocatorComponent>]
    private var queues: [[Int]]
    private var running: [Int?]
    /// Fetches and saves of the allocation under way on each device: an attempt is a fetch-or-save round trip.
    private var requests: [(fetches: Int, saves: Int)]
    /// Counter values whose saves were answered to each device during its allocation under way.
    private var answeredValues: [[Int]]
    /// The first ids the app handed out that no answered save backs, with the values that were answered
    /// (``CounterRun/violationLimit`` of them), and how many there were.
    private(set) var unbacked: [(allocation: FinishedAllocation, answered: [Int])] = []
    private(set) var unbackedCount = 0

    init(
        factory: AppComponentFactory<any DisplayIDAllocatorComponent>, context: SimulationContext, log: AllocationLog
    ) {
        self.log = log
        self.context = context
        instances = context.devices.map { factory.make(context, $0) }
        queues = Array(repeating: [], count: context.devices.count)
        running = Array(repeating: nil, count: context.devices.count)
        requests = Array(repeating: (0, 0), count: context.devices.count)
        answeredValues = Array(repeating: [], count: context.devices.count)
    }

    /// Watches the counter record's saves answered to each device (see ``CloudKitDatabaseClient/savedRecordAnswered``).
    func watchSaves(of recordID: CloudRecordID, clients: [CloudKitDatabaseClient]) {
        for client in clients {
            let index = client.device.index
            client.savedRecordAnswered = { [unowned self] record in
                guard record.recordID == recordID, let value = record[CounterConfiguration.valueKey]?.intValue else {
                    return
                }
                answeredValues[index].append(Int(value))
            }
        }
    }

    func pendingCount(on device: Device) -> Int {
        queues[device.index].count + (running[device.index] == nil ? 0 : 1)
    }

    func enqueue(_ index: Int, on device: Device) {
        queues[device.index].append(index)
        startNext(on: device)
    }

    func requestSent(_ kind: CloudKitRequestKind, on device: Device) {
        guard let index = running[device.index] else { return }
        switch kind {
        case .fetch: requests[device.index].fetches += 1
        case .modify: requests[device.index].saves += 1
        case .zoneChanges, .saveZones, .databaseChanges: return
        }
        let attempts = max(requests[device.index].fetches, requests[device.index].saves)
        log.setAttempts(index) { $0 = attempts }
    }

    private func startNext(on device: Device) {
        guard running[device.index] == nil, !queues[device.index].isEmpty else { return }
        let index = queues[device.index].removeFirst()
        running[device.index] = index
        requests[device.index] = (0, 0)
        answeredValues[device.index].removeAll()
        let component = instances[device.index].component
        instances[device.index].perform { [self] in
            let result: Result<Int, any Error>
            do { result = .success(try await component.nextDisplayID()) } catch { result = .failure(error) }
            finish(index, result, on: device)
        }
    }

    private func finish(_ index: Int, _ result: Result<Int, any Error>, on device: Device) {
        running[device.index] = nil
        let attempts = log.attempts(index)
        let outcome: Result<Int, CounterAllocationError>
        switch result {
        case .success(let value):
            if !answeredValues[device.index].contains(value) {
                unbackedCount += 1
                if unbacked.count < CounterRun.violationLimit {
                    let allocation = FinishedAllocation(
                        index: index, deviceIndex: device.index, attempts: attempts, finishedAt: context.now,
                        value: value, error: nil)
                    unbacked.append((allocation, answeredValues[device.index]))
                }
            }
            context.trace.instant(
                device.id, "counter", "allocated", "displayId \(value) after \(attempts) attempts", value: Int64(value))
            outcome = .success(value)
        case .failure(let error):
            let failure = CounterAllocationError(
                kind: .rejected, attempts: attempts, lastError: error as? CloudKitError)
            context.trace.instant(device.id, "counter", "allocation.failed", "\(error)", value: Int64(attempts))
            outcome = .failure(failure)
        }
        log.finish(index, at: context.now, outcome)
        if let completion = log.completions.removeValue(forKey: index) { completion(outcome) }
        startNext(on: device)
    }
}
