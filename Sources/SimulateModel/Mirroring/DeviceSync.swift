import SimulateCloudKit
import SimulateCore

/// One device's mirroring delegate: runs export-then-import passes, one at a time, when asked to
/// (at launch, after a save, on reconnect, on a push, on returning to the foreground, periodically when
/// configured, or by a `sync` step).
final class DeviceSync {
    enum Reason: String {
        case launch, save, reconnect, periodic, push, manual, retry, foreground

        /// A pass the system schedules when it chooses: it waits a ``SyncDeferral`` and a throttle.
        var isSystemScheduled: Bool {
            switch self {
            case .launch, .save, .reconnect, .push, .foreground: true
            case .periodic, .manual, .retry: false
            }
        }
    }

    let device: Device
    let store: ModelStore
    let shared: MirrorShared
    var token: CloudChangeToken?
    /// The recreations of the zone this device has caught up with (``MirrorShared/zoneGeneration``).
    var zoneGeneration = 0
    /// Objects uploaded again after the zone was deleted (by their slots).
    var reuploads: Set<Int> = []
    private(set) var passRunning = false
    private var passRequested = false
    private var debounce: EventHandle?
    private var retry: EventHandle?
    /// A system-scheduled pass waiting for its time, and that time.
    private var scheduledPass: (handle: EventHandle, at: VirtualInstant, reason: Reason)?
    private var deferralRandom: SeededRandom
    /// `model.throttleSync`: until when, and the least time between two passes meanwhile (nil: none).
    private var throttleEnd: VirtualInstant?
    private var throttleEvery: VirtualDuration?
    private var lastPassStart: VirtualInstant?
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
        deferralRandom = shared.context.random(for: device, component: "model.syncDeferral")
    }

    var trace: Trace { shared.context.trace }
    var now: VirtualInstant { shared.context.now }

    /// A local save: export after the debounce interval, restarted by each save.
    func noteLocalSave() {
        guard shared.enabled else { return }
        let scheduler = shared.context.scheduler
        if let debounce, let postponed = scheduler.postpone(debounce, after: shared.configuration.exportDebounce) {
            self.debounce = postponed
            return
        }
        if let debounce { scheduler.cancel(debounce) }
        debounce = scheduler.schedule(
            after: shared.configuration.exportDebounce
        ) {
            [weak self] in
            self?.debounce = nil
            self?.requestPass(.save)
        }
    }

    func requestPass(_ reason: Reason) {
        guard shared.enabled else { return }
        if reason.isSystemScheduled {
            let delay = systemDelay()
            if delay > .zero {
                let at = now + delay
                if let scheduledPass, scheduledPass.at <= at { return }
                if let scheduledPass { shared.context.scheduler.cancel(scheduledPass.handle) }
                trace.instant(device.id, "sync", "deferred", reason.rawValue, value: delay.nanoseconds)
                let handle = shared.context.scheduler.schedule(after: delay) { [weak self] in
                    self?.scheduledPass = nil
                    self?.startPass(reason)
                }
                scheduledPass = (handle, at, reason)
                return
            }
        }
        startPass(reason)
    }

    /// The system's wait before a pass it schedules: a seeded draw from `syncDeferral`, and the rest of
    /// a `throttleSync` fault.
    private func systemDelay() -> VirtualDuration {
        let range = shared.configuration.syncDeferral
        var delay =
            range.maximum == range.minimum ? range.minimum : deferralRandom.duration(in: range.minimum...range.maximum)
        if let end = throttleEnd {
            if now >= end {
                throttleEnd = nil
                throttleEvery = nil
            } else {
                var allowed = end
                if let every = throttleEvery { allowed = min(end, lastPassStart.map { $0 + every } ?? now) }
                if allowed > now { delay = max(delay, allowed - now) }
            }
        }
        return delay
    }

    /// `model.throttleSync`: system-scheduled passes wait until `length` from now, or with `every` run
    /// at most once per interval until then; a pass already waiting is held back as well.
    func throttle(for length: VirtualDuration, every: VirtualDuration?) {
        throttleEnd = now + length
        throttleEvery = every
        trace.instant(
            device.id, "sync", "throttled", every.map { "every \(DurationFormat.string($0))" } ?? "deferred",
            value: length.nanoseconds)
        if let scheduledPass, scheduledPass.at < now + length {
            shared.context.scheduler.cancel(scheduledPass.handle)
            self.scheduledPass = nil
            requestPass(scheduledPass.reason)
        }
    }

    private func startPass(_ reason: Reason) {
        if passRunning {
            passRequested = true
            return
        }
        if let retry {
            shared.context.scheduler.cancel(retry)
            self.retry = nil
        }
        passRunning = true
        lastPassStart = now
        passes += 1
        conflictRetries.removeAll(keepingCapacity: true)
        trace.begin(device.id, "sync", "export", reason.rawValue, value: Int64(passes))
        startExport()
    }

    /// Ends a pass; `failure` schedules a retry with backoff (or after the server's retry-after).
    func finishPass(failure: CloudKitError?) {
        for object in deferred { store.enqueue(object) }
        deferred.removeAll()
        for name in deferredDeletes where !store.contains(name) && store.pendingDeleteSet.insert(name).inserted {
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
