import SimulateCloudKit
import SimulateCore

/// One device's displayId allocator: allocations run one at a time, in request order.
///
/// The reference flow: fetch the counter record, increment it, save it with the configured policy.
/// On `serverRecordChanged` it increments the server record the error carries and saves again; on a
/// transient error it waits (retry-after and backoff), then tries the same save again (a failed save)
/// or starts over with a fetch (a failed fetch). No request leaves while a retry-after the server gave
/// this device is in force, even for the next allocation. Every fetch-or-save try counts as one
/// attempt, up to `maxAttempts`. Its state keeps Swift's run-time exclusivity checks: they cost 12 M
/// instructions (1.3 %) of `simulate-bench counter-runs 30` under callgrind (docs/performance.md), under the 5 %
/// that would justify turning them off.
final class DeviceAllocator: SingleRecordResponder {
    let device: Device
    let client: CloudKitDatabaseClient
    let configuration: CounterConfiguration
    let log: AllocationLog
    let trace: Trace
    let scheduler: Scheduler
    let network: Network
    var random: SeededRandom
    private var queue: [Int] = []
    private var queueHead = 0
    /// Allocations waiting behind the current one (`queue.count - queueHead`): kept apart so that the
    /// common case, nothing waiting, reads no array (each array access is an exclusivity check).
    private var waiting = 0
    var current: Int?
    private var waitingForConnectivity = false
    /// `localMaxPlusOne` only: the largest id this device knows.
    var localMax: Int
    /// The value the save under way writes.
    private var savingValue: Int64 = 0
    /// The record the save under way incremented, to save again after a transient error.
    private var savingBase: CloudRecord?
    /// The largest counter value this device has seen: its own ids and records fetched after a push.
    var knownValue: Int
    /// Called when this device's save of the counter succeeded (the zone subscription's trigger).
    var counterSaved: (Device) -> Void = { _ in }

    init(
        device: Device, context: SimulationContext, server: CloudKitRecordServer, configuration: CounterConfiguration,
        log: AllocationLog
    ) {
        self.device = device
        self.configuration = configuration
        self.log = log
        client = CloudKitDatabaseClient(
            context: context, server: server, device: device,
            timeout: configuration.requestTimeout)
        trace = context.trace
        scheduler = context.scheduler
        network = context.network
        random = context.random(for: device, component: "counter")
        localMax = configuration.initialValue
        knownValue = configuration.initialValue
    }

    /// The zone subscription's push arrived: the app fetches the counter record to learn its value.
    func pushArrived() {
        client.fetch(recordIDs: [configuration.recordID]) { [self] result in
            guard case .success(let fetched) = result,
                let value = fetched.record(for: configuration.recordID)?[CounterConfiguration.valueKey]?.intValue
            else { return }
            knownValue = max(knownValue, Int(value))
            localMax = max(localMax, Int(value))
            trace.instant(device.id, "push", "counter.fetched", "value \(value)", value: value)
        }
    }

    var pendingCount: Int { waiting + (current == nil ? 0 : 1) }

    func enqueue(_ index: Int) {
        guard waiting < configuration.maxPending else {
            finish(index, .failure(CounterAllocationError(kind: .queueFull, attempts: 0)))
            return
        }
        if current == nil && waiting == 0 { return start(index) }
        queue.append(index)
        waiting += 1
        if current == nil { startNext() }
    }

    private func startNext() {
        guard current == nil, waiting > 0 else { return }
        let index = queue[queueHead]
        queueHead += 1
        waiting -= 1
        if waiting == 0 {
            queue.removeAll(keepingCapacity: true)
            queueHead = 0
        } else if queueHead > 256 && queueHead * 2 > queue.count {
            queue.removeFirst(queueHead)
            queueHead = 0
        }
        start(index)
    }

    private func start(_ index: Int) {
        current = index
        switch configuration.allocator {
        case .reference: attempt(from: nil)
        case .localMaxPlusOne: allocateFromLocalMax()
        }
    }

    /// Starts an attempt: save `record` (a server record from a conflict) or fetch first.
    func attempt(from record: consuming CloudRecord?) {
        guard let index = current else { return }
        if configuration.offline == .wait && network.isOffline(device) {
            waitingForConnectivity = true
            trace.instant(device.id, "counter", "waitForNetwork")
            return
        }
        let blockedUntil = client.retryAfterDeadline
        if configuration.retryAfter == .honour && scheduler.now < blockedUntil {
            let held = record.take()
            trace.begin(
                device.id, "rateLimit", "retryAfter", "blocked", value: (blockedUntil - scheduler.now).nanoseconds)
            scheduler.schedule(after: blockedUntil - scheduler.now) { [self] in
                trace.end(device.id, "rateLimit", "retryAfter")
                attempt(from: held)
            }
            return
        }
        log.setAttempts(index) { $0 += 1 }
        if let serverRecord = record.take() {
            save(serverRecord)
            return
        }
        client.fetchRecord(configuration.recordID, for: self)
    }

    func fetched(_ result: Result<CloudRecord?, CloudKitError>) {
        switch result {
        case .success(let record?): save(record)
        case .success(nil): save(newCounterRecord())
        case .failure(let error): handle(error, retrying: nil)
        }
    }

    /// A counter record for a server that has none: it starts from the largest value this device has
    /// seen, which is the initial value unless a deleted zone took the record with it.
    func newCounterRecord() -> CloudRecord {
        CloudRecord(
            recordType: CounterConfiguration.recordType, recordID: configuration.recordID,
            fields: [CounterConfiguration.valueKey: .int(Int64(max(configuration.initialValue, knownValue)))])
    }

    /// The counter's zone is gone, and the record with it (`zoneNotFound`, `userDeletedZone`): save the
    /// zone again (`CKModifyRecordZonesOperation`), then fetch, which finds no record and starts it over.
    private func recreateZone() {
        trace.instant(device.id, "counter", "zone.recreate", configuration.recordID.zoneID.zoneName)
        client.modifyZones(saving: [CloudZone(zoneID: configuration.recordID.zoneID)], deleting: []) { [self] result in
            switch result {
            case .success: attempt(from: nil)
            case .failure(let error): handle(error, retrying: nil)
            }
        }
    }

    private func save(_ base: consuming CloudRecord) {
        savingBase = base
        let next = (base[CounterConfiguration.valueKey]?.intValue ?? Int64(configuration.initialValue)) + 1
        savingValue = next
        client.saveRecord(
            CloudRecordEdit(consume base, setting: CounterConfiguration.valueKey, to: .int(next)),
            savePolicy: configuration.savePolicy, for: self)
    }

    func saved(_ result: Result<CloudRecord, CloudKitError>) {
        switch result {
        case .success(let saved):
            savingBase = nil
            counterSaved(device)
            complete(.success(Int(saved[CounterConfiguration.valueKey]?.intValue ?? savingValue)))
        case .failure(let error):
            handle(error, retrying: savingBase.take())
        }
    }

    /// `retrying`: the record a failed save incremented, saved again after a transient error.
    private func handle(_ error: CloudKitError, retrying base: consuming CloudRecord?) {
        guard let index = current else { return }
        if error.code != .serverRecordChanged {
            trace.instant(
                device.id, "counter", "attempt.failed",
                "attempt \(log.attempts(index)): \(error)", value: Int64(error.code.rawValue))
        }
        let attempts = log.attempts(index)
        switch error.code {
        case .serverRecordChanged:
            log.conflicts += 1
            trace.instant(
                device.id, "conflict", "serverRecordChanged",
                "attempt \(attempts): server value \(error.serverRecord?[CounterConfiguration.valueKey]?.intValue ?? -1)",
                value: Int64(attempts))
            guard attempts < configuration.maxAttempts else { return giveUp(.attemptsExhausted, error) }
            attempt(from: error.serverRecord)
        case .networkUnavailable where configuration.offline == .fail:
            complete(.failure(CounterAllocationError(kind: .offline, attempts: attempts, lastError: error)))
        case .unknownItem:
            guard attempts < configuration.maxAttempts else { return giveUp(.attemptsExhausted, error) }
            attempt(from: nil)
        case let code where code.isTransient:
            guard attempts < configuration.maxAttempts else { return giveUp(.attemptsExhausted, error) }
            wait(after: error, retrying: base)
        case .zoneNotFound, .userDeletedZone:
            guard attempts < configuration.maxAttempts else { return giveUp(.attemptsExhausted, error) }
            recreateZone()
        default:
            giveUp(.rejected, error)
        }
    }

    private func wait(after error: CloudKitError, retrying base: consuming CloudRecord?) {
        switch error.code {
        case .requestRateLimited: log.rateLimitWaits += 1
        case .zoneBusy: log.zoneBusyWaits += 1
        case .serviceUnavailable: log.serviceUnavailable += 1
        case .networkFailure: log.networkFailures += 1
        default: break
        }
        if configuration.offline == .wait && network.isOffline(device) {
            waitingForConnectivity = true
            trace.instant(device.id, "counter", "waitForNetwork")
            return
        }
        let attempts = max(1, current.map(log.attempts) ?? 0)
        let exponent = min(attempts - 1, 30)
        let initial = configuration.backoffInitial.nanoseconds
        let grown = initial > Int64.max >> exponent ? Int64.max : initial << exponent
        let ceiling = min(configuration.backoffMax.nanoseconds, grown)
        var delay = ceiling / 2 + random.int64(in: 0...(ceiling / 2))
        if configuration.retryAfter == .honour, let seconds = error.retryAfterSeconds {
            delay = max(delay, Int64((seconds * 1e9).rounded()))
        }
        log.backoffs += 1
        let waitName = error.retryAfterSeconds == nil ? "backoff" : "retryAfter"
        // Only the server's load answers are rate limits; a wait after a network failure is a plain backoff.
        let category =
            [.requestRateLimited, .zoneBusy, .serviceUnavailable].contains(error.code) ? "rateLimit" : "backoff"
        trace.begin(device.id, category, waitName, "\(error.code) wait", value: delay)
        let retried = base.take()
        scheduler.schedule(after: .nanoseconds(delay)) { [self] in
            trace.end(device.id, category, waitName)
            attempt(from: retried)
        }
    }

    /// The OS reports connectivity: a waiting allocation goes on.
    func connectivityChanged(online: Bool) {
        guard online, waitingForConnectivity else { return }
        waitingForConnectivity = false
        attempt(from: nil)
    }

    private func giveUp(_ kind: CounterAllocationError.Kind, _ error: CloudKitError) {
        let attempts = current.map(log.attempts) ?? 0
        complete(.failure(CounterAllocationError(kind: kind, attempts: attempts, lastError: error)))
    }

    /// Ends the current allocation and starts the next one.
    func complete(_ result: Result<Int, CounterAllocationError>) {
        guard let index = current else { return }
        current = nil
        finish(index, result)
        startNext()
    }

    private func finish(_ index: Int, _ result: Result<Int, CounterAllocationError>) {
        switch result {
        case .success(let value):
            knownValue = max(knownValue, value)
            trace.instant(
                device.id, "counter", "allocated",
                "displayId \(value) after \(log.attempts(index)) attempts", value: Int64(value))
        case .failure(let error):
            trace.instant(device.id, "counter", "allocation.failed", "\(error)", value: Int64(error.attempts))
        }
        log.finish(index, at: scheduler.now, result)
        if !log.completions.isEmpty, let completion = log.completions.removeValue(forKey: index) {
            completion(result)
        }
    }
}
