import SimulateFacades

/// The app's displayId service: fetch the counter record, increment it, save it with
/// `ifServerRecordUnchanged`; on `serverRecordChanged` increment the server's record and save again;
/// on a transient error wait (the server's retry-after, else an exponential backoff) and try again,
/// a bounded number of times. Written against `CloudKitDatabase` and an injected `Clock`, as the
/// app calls `CKDatabase`. macOS 15 / iOS 18, as the facades it is written against.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
public final class DisplayIDService<C: Clock<Duration>>: @unchecked Sendable {
    public struct Options: Sendable {
        public var maxAttempts = 10
        public var savePolicy = CloudSavePolicy.ifServerRecordUnchanged
        public var backoffInitial: Duration = .milliseconds(200)
        public var backoffMax: Duration = .seconds(10)
        public var honoursRetryAfter = true
        /// true: a retry-after holds back every later request of the device, the next allocation's too.
        /// false: only the allocation that was told waits, and the next one starts at once (field report
        /// 10: honoured by one path, skipped by another; a bug the tests plant).
        public var sharesRetryAfter = true
        /// false: offline fails at once; true: wait until the network is back.
        public var waitsForNetwork = false
        /// Treat a save that failed with `networkFailure` as applied and hand out its id: a bug the
        /// tests plant (the outcome is ambiguous: the save may never have reached the server).
        public var assumesSavedOnNetworkFailure = false
        /// true: a conflict in the atomic counter zone arrives as the thrown `partialFailure` of the
        /// batch, as `CKDatabase` reports it; the service reads the record's own error from it. false:
        /// the service looks for the conflict only in `saveResults` (a bug the tests plant).
        public var readsAtomicFailure = true
        /// The codes retried after a wait; nil: every transient code (`CloudKitErrorCode.isTransient`:
        /// including `serverResponseLost` and `accountTemporarilyUnavailable`). The tests plant a list
        /// written before those codes could happen.
        public var retryableCodes: Set<CloudKitErrorCode>? = nil
        /// true: when the counter's zone is gone (`zoneNotFound`, `userDeletedZone`: deleted with its
        /// records), save the zone again with `modifyRecordZones` and start the counter over from the
        /// highest id this service handed out. false: give up with the error (a bug the tests plant).
        public var recreatesDeletedZone = true
        public init() {}
    }

    public static var counterID: CloudRecordID {
        CloudRecordID(recordName: "displayId", zoneID: CloudZoneID("Counters"))
    }

    private let database: any CloudKitDatabase
    private let clock: C
    private let connectivity: (any NetworkPathMonitoring)?
    private let options: Options
    private let recordID: CloudRecordID
    private var random: AnyRandomNumberGenerator
    /// No request leaves before this: the last retry-after the server gave.
    private var blockedUntil: C.Instant?
    /// The highest id handed out: where the counter starts over when its zone was deleted.
    private var highestHandedOut = 0

    public init(
        database: any CloudKitDatabase, clock: C, connectivity: (any NetworkPathMonitoring)? = nil,
        recordID: CloudRecordID = counterID, options: Options = Options(),
        random: any RandomNumberGenerator = SystemRandomNumberGenerator()
    ) {
        self.database = database
        self.clock = clock
        self.connectivity = connectivity
        self.recordID = recordID
        self.options = options
        self.random = AnyRandomNumberGenerator(base: random)
    }

    /// The next displayId. Throws the last CloudKit error when it gives up.
    public func nextDisplayID() async throws -> Int {
        if !options.sharesRetryAfter { blockedUntil = nil }
        var attempt = 0
        var base: CloudRecord?
        var failures = 0
        while true {
            attempt += 1
            var saving: Int?
            do {
                var record: CloudRecord
                if let base { record = base } else { record = try await fetchCounter() }
                let next = (record["value"]?.intValue ?? 0) + 1
                record["value"] = .int(next)
                try await waitOutRetryAfter()
                saving = Int(next)
                let (saves, _) = try await database.modifyRecords(
                    saving: [record], deleting: [], savePolicy: options.savePolicy, atomically: true)
                _ = try saves[recordID]?.get()
                highestHandedOut = max(highestHandedOut, Int(next))
                return Int(next)
            } catch var error as CloudKitError {
                if options.readsAtomicFailure, error.code == .partialFailure,
                    let item = error.error(for: recordID)
                {
                    error = item
                }
                if options.assumesSavedOnNetworkFailure, error.code == .networkFailure, let saving { return saving }
                noteRetryAfter(error)
                guard attempt < options.maxAttempts else { throw error }
                base = nil
                if error.code == .serverRecordChanged {
                    // Increment the server's record; without it (a server error), fetch it again.
                    base = error.serverRecord
                    continue
                }
                if options.recreatesDeletedZone, error.code == .zoneNotFound || error.code == .userDeletedZone {
                    // A failure here is met again by the next attempt (the zone's error, the network's).
                    try? await recreateZone()
                    continue
                }
                if error.code == .networkUnavailable {
                    guard options.waitsForNetwork, let connectivity else { throw error }
                    await connectivity.waitUntilSatisfied()
                    attempt -= 1
                    continue
                }
                guard options.retryableCodes?.contains(error.code) ?? error.code.isTransient else { throw error }
                try await wait(after: error, failures: failures)
                failures += 1
            }
        }
    }

    /// No request leaves before the last retry-after the server gave has passed: another allocation
    /// on this device may have been told to wait while this one was between its fetch and its save.
    private func waitOutRetryAfter() async throws {
        while options.honoursRetryAfter, let blockedUntil, clock.now < blockedUntil {
            try await clock.sleep(until: blockedUntil, tolerance: nil)
        }
    }

    /// Remembers the server's retry-after for every later request of this device, even when this
    /// allocation gives up.
    private func noteRetryAfter(_ error: CloudKitError) {
        guard options.honoursRetryAfter, let seconds = error.retryAfterSeconds, seconds > 0 else { return }
        let until = clock.now.advanced(by: .nanoseconds(Int64((seconds * 1e9).rounded())))
        if blockedUntil.map({ $0 < until }) ?? true { blockedUntil = until }
    }

    private func fetchCounter() async throws -> CloudRecord {
        try await waitOutRetryAfter()
        do {
            return try await database.record(for: recordID)
        } catch let error as CloudKitError where error.code == .unknownItem {
            return CloudRecord(
                recordType: "Counter", recordID: recordID, fields: ["value": .int(Int64(highestHandedOut))])
        }
    }

    /// Saves the counter's zone again.
    private func recreateZone() async throws {
        let zoneID = recordID.zoneID
        let (saves, _) = try await database.modifyRecordZones(saving: [CloudZone(zoneID: zoneID)], deleting: [])
        _ = try saves[zoneID]?.get()
    }

    private func wait(after error: CloudKitError, failures: Int) async throws {
        if options.honoursRetryAfter, error.retryAfterSeconds ?? 0 > 0 {
            try await waitOutRetryAfter()
            return
        }
        var delay = options.backoffInitial
        for _ in 0..<min(failures, 32) where delay < options.backoffMax { delay *= 2 }
        delay = min(delay, options.backoffMax)
        try await clock.sleep(for: delay * Double.random(in: 0.5...1, using: &random))
    }
}

/// Any generator, as a concrete type the standard library's `random(in:using:)` accepts.
struct AnyRandomNumberGenerator: RandomNumberGenerator {
    var base: any RandomNumberGenerator
    mutating func next() -> UInt64 { base.next() }
}
