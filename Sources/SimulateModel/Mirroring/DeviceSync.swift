import SimulateCloudKit
import SimulateCore

/// One device's mirroring delegate: runs export-then-import passes, one at a time, when asked to
/// (at launch, after a save, on reconnect, on a push, on returning to the foreground, periodically when
/// configured, or by a `sync` step).
final class DeviceSync {
    enum Reason: String {
        case launch, save, reconnect, periodic, push, manual, retry, foreground
    }

    let device: Device
    let store: ModelStore
    let shared: MirrorShared
    var token: CloudChangeToken?
    private(set) var passRunning = false
    private var passRequested = false
    private var debounce: EventHandle?
    private var retry: EventHandle?
    private var failures = 0
    /// Export attempts per record in the current pass (bounded by `maxConflictRetries`).
    var conflictRetries: [String: Int] = [:]
    /// Objects whose conflicts used up this pass's retries: back in the queue after the pass.
    var deferred: [ModelObject] = []
    var deferredDeletes: [String] = []
    /// Head of `store.exportQueue` (taken entries before it).
    var queueHead = 0
    var batchLimit: Int
    static let pageLimitPerPass = 100_000

    private(set) var passes = 0
    var exportedRecords = 0
    var importedRecords = 0
    var conflicts = 0
    var failedPasses = 0

    init(device: Device, store: ModelStore, shared: MirrorShared) {
        self.device = device
        self.store = store
        self.shared = shared
        batchLimit = shared.configuration.exportBatchSize
    }

    var trace: Trace { shared.context.trace }
    var now: VirtualInstant { shared.context.now }

    /// A local save: export after the debounce interval, restarted by each save.
    func noteLocalSave() {
        guard shared.enabled else { return }
        if let debounce { shared.context.scheduler.cancel(debounce) }
        debounce = shared.context.scheduler.schedule(
            after: shared.configuration.exportDebounce
        ) {
            [weak self] in
            self?.debounce = nil
            self?.requestPass(.save)
        }
    }

    func requestPass(_ reason: Reason) {
        guard shared.enabled else { return }
        if passRunning {
            passRequested = true
            return
        }
        if let retry {
            shared.context.scheduler.cancel(retry)
            self.retry = nil
        }
        passRunning = true
        passes += 1
        conflictRetries.removeAll(keepingCapacity: true)
        trace.begin(device.id, "sync", "export", reason.rawValue, value: Int64(passes))
        exportNext()
    }

    /// Ends a pass; `failure` schedules a retry with backoff (or after the server's retry-after).
    func finishPass(failure: CloudKitError?) {
        for object in deferred { store.enqueue(object) }
        deferred.removeAll()
        for name in deferredDeletes where store.object(name) == nil && store.pendingDeleteSet.insert(name).inserted {
            store.pendingDeletes.append(name)
        }
        deferredDeletes.removeAll()
        passRunning = false
        if let failure {
            failedPasses += 1
            failures += 1
            if failure.code != .networkUnavailable || !shared.configuration.syncOnReconnect {
                let backoff = min(
                    shared.configuration.retryBackoff * (1 << min(failures - 1, 20)), ModelConfiguration.retryBackoffCap
                )
                let retryAfter = VirtualDuration(clampingSeconds: failure.retryAfterSeconds ?? 0)
                retry = shared.context.scheduler.schedule(after: max(backoff, retryAfter)) {
                    [weak self] in
                    self?.retry = nil
                    self?.requestPass(.retry)
                }
            }
        } else {
            failures = 0
        }
        if passRequested {
            passRequested = false
            requestPass(.manual)
        }
    }
}
