import SimulateCore

/// A simulated CloudKit private database: zones of records with change tags, save policies, CloudKit's
/// errors, a change feed per zone, and a load model.
///
/// The server is plain in-process state driven by virtual time. Clients on devices reach it through
/// ``CloudKitDatabaseClient``, which sends each operation over the simulated network, so offline
/// periods, lost responses and timeouts apply. Calling the operations directly (as the server would
/// when a request arrives) is for tests and for server-side set-up.
///
/// One scenario has one server: when the `counter` plugin is enabled it owns it and offers it to other
/// plugins as ``CloudKitServerProviding``; otherwise a plugin builds its own with ``init(context:loadModel:)``.
///
/// Hot mutable state is `@exclusivity(unchecked)`: a run is single-threaded and every access is a
/// plain read or write that never overlaps another, so the run-time checks would only cost time.
/// Measured as one group (docs/performance.md; callgrind, c382d1b): with the checks on in this module (this server,
/// its change feed, ``CloudRecord``, ``CloudKitDatabaseClient``), `simulate-bench counter-runs 30` ran
/// 125 M more instructions, 14 % of the 896 M run, over the 5 % that keeps a check off. Earlier shares
/// (counter-runs 10): this server's own 7.6 M (2.4 %), the records' 11.6 M (3.7 %), the client and its
/// requests' 22 M (7 %).
public final class CloudKitRecordServer {
    /// The server name used in `network.request(…, to:)`.
    public static let networkName = "cloudkit"
    /// The timeline row of the server: `server:cloudkit`.
    public static let track = "server:cloudkit"
    /// Versions of a record kept to answer `ancestorRecord` in `serverRecordChanged`.
    public static let historyLimit = 8
    /// The most records and deletions (or zones) a page of changes holds when the client asks for no fewer.
    public static let pageLimit = 400

    /// How busy the server is (rate limits, zone busy, random unavailability); changing it takes effect at once.
    public var loadModel: CloudKitLoadModel {
        didSet { limits = Limits(loadModel) }
    }
    /// What the hot path needs of `loadModel`.
    @exclusivity(unchecked) private var limits: Limits
    let scheduler: Scheduler
    let trace: Trace
    @exclusivity(unchecked) var limiter: CloudKitLoadLimiter
    @exclusivity(unchecked) var zones: [CloudZoneID: ZoneState] = [:] {
        didSet { lastZone = nil }
    }
    /// The zone looked up last through ``zoneState(_:)``: an operation names the same zone for every record.
    @exclusivity(unchecked) private var lastZone: ZoneState?
    var deletedZones: [CloudZoneID: Bool] = [:]
    /// The epoch of each deleted zone's last incarnation: a zone created again starts past it, so its
    /// earlier tokens are expired rather than read against the new zone's history.
    var retiredEpochs: [CloudZoneID: Int] = [:]
    var zonesMade = 0
    /// The database's history for `databaseChanges`: each zone deletion, in order, at its point.
    var zoneDeletions: [ZoneDeletion] = []
    var databaseHistory = 0
    /// Database change tokens of an earlier epoch are expired (a `changeTokenExpired` fault).
    var databaseEpoch = 0
    /// Read it through ``storedRecord(_:)`` and remove from it through ``removeStored(_:)``.
    @exclusivity(unchecked) var stored = StoredRecordTable()
    /// The record looked up last: clients ask for the same few records over and over.
    @exclusivity(unchecked) private var lastLookup: StoredRecord?
    @exclusivity(unchecked) private var lastTag: UInt64 = 0
    /// The `serverRecordChanged` errors' details objects, handed out again once no error holds them.
    @exclusivity(unchecked) var conflictDetails = CloudKitError.ConflictDetailsPool()
    /// `serverError` faults under way, in the order they started.
    @exclusivity(unchecked) var activeServerErrors: [FaultOccurrence] = []
    @exclusivity(unchecked) var hasServerErrors = false

    /// Counts of what the server answered, for statistics.
    public var savedRecords: Int { counts.saved }
    /// Saves answered with `serverRecordChanged`.
    public var conflicts: Int { counts.conflicts }
    @exclusivity(unchecked) private var counts = (saved: 0, conflicts: 0)

    /// A server on `scheduler`, recording to `trace`, drawing its load model's chances from `random`.
    public init(scheduler: Scheduler, trace: Trace, random: SeededRandom, loadModel: CloudKitLoadModel = .unlimited) {
        self.scheduler = scheduler
        self.trace = trace
        self.loadModel = loadModel
        limits = Limits(loadModel)
        limiter = CloudKitLoadLimiter(random: random)
    }

    /// A server for one run, drawing from the run's `server/cloudkit` random stream. It answers the
    /// scenario's `serverError` faults that name `cloudkit`.
    public convenience init(context: SimulationContext, loadModel: CloudKitLoadModel = .unlimited) {
        self.init(
            scheduler: context.scheduler, trace: context.trace, random: context.random("server/cloudkit"),
            loadModel: loadModel)
        context.network.onServerError(Self.networkName) { [weak self] fault, active in
            self?.serverErrorChanged(fault, active: active)
        }
    }

    /// The server another enabled plugin offers (the `counter` plugin's), if any.
    public static func shared(in context: SimulationContext) -> CloudKitRecordServer? {
        context.service(CloudKitServerProviding.self)?.cloudKitServer
    }

    /// The run's one server: the one a plugin offers (the `counter` plugin's), else one made for the run
    /// the first time it is asked for. Every plugin and every app facade (`SimulatedCloudKitDatabase`)
    /// that asks gets the same server, so a plugin's invariants read what the app wrote. Ask in
    /// `start()`, when every plugin's run exists.
    public static func forRun(_ context: SimulationContext) -> CloudKitRecordServer {
        context.attachment(CloudKitRecordServer.self) { shared(in: context) ?? CloudKitRecordServer(context: context) }
    }

    // MARK: Inspection (server side, no network)

    /// The record as the server has it now.
    public func record(_ recordID: CloudRecordID) -> CloudRecord? { storedRecord(recordID)?.current }

    /// Every record of a zone, sorted by record name.
    public func records(in zoneID: CloudZoneID) -> [CloudRecord] {
        stored.values.map(\.current).filter { $0.recordID.zoneID == zoneID }.sorted { $0.recordID < $1.recordID }
    }

    /// The zone of that id, if it exists (the default zone always does).
    public func zone(_ zoneID: CloudZoneID) -> CloudZone? {
        zoneID.isDefaultZone ? CloudZone(zoneID: zoneID, atomic: false) : zones[zoneID]?.zone
    }

    // MARK: Operations

    /// Fetches records, like `CKFetchRecordsOperation`: missing ones fail with `unknownItem` inside `partialFailure`.
    public func fetch(recordIDs: [CloudRecordID], requester: String? = nil) -> Result<CloudFetchResult, CloudKitError> {
        if let error = admitRead(zoneID: recordIDs.first?.zoneID, requester: requester) {
            return .failure(error)
        }
        var results: [CloudRecordResult] = []
        results.reserveCapacity(recordIDs.count)
        var partial: [(recordID: CloudRecordID, error: CloudKitError)] = []
        for recordID in recordIDs {
            let result: Result<CloudRecord, CloudKitError>
            if let error = zoneError(recordID.zoneID) {
                result = .failure(error)
            } else if let record = storedRecord(recordID)?.current {
                result = .success(record)
            } else {
                result = .failure(CloudKitError(.unknownItem, "record \(recordID) not found"))
            }
            if case .failure(let error) = result { partial.append((recordID, error)) }
            results.append(CloudRecordResult(recordID: recordID, result: result))
        }
        return .success(CloudFetchResult(results: results, error: partialFailure(partial)))
    }

    /// Saves and deletes records, like `CKModifyRecordsOperation`.
    ///
    /// The whole operation fails with `limitExceeded` (more records than `maxRecordsPerOperation`),
    /// `requestRateLimited`, `zoneBusy` or `serviceUnavailable` (the last three with retry-after). Otherwise
    /// each item gets its own result; failed items make the operation's error a `partialFailure`. With
    /// `atomic`, atomicity is per zone: in an atomic zone where one item fails, nothing of that zone is
    /// applied (the culprits keep their errors, the zone's other items fail with `batchRequestFailed`);
    /// the items of other zones are applied.
    public func modify(
        saving records: [CloudRecord], deleting recordIDs: [CloudRecordID] = [],
        savePolicy: CloudSavePolicy = .ifServerRecordUnchanged, atomic: Bool = true, requester: String? = nil
    ) -> Result<CloudModifyResult, CloudKitError> {
        let firstZone = records.first?.recordID.zoneID ?? recordIDs.first?.zoneID
        if let error = admitModify(itemCount: records.count + recordIDs.count, zoneID: firstZone, requester: requester)
        {
            return .failure(error)
        }
        let result = applyModify(
            saving: records, deleting: recordIDs, savePolicy: savePolicy, atomic: atomic, requester: requester)
        return losesResponse(to: requester) ? .failure(Self.responseLost) : result
    }

    private func applyModify(
        saving records: [CloudRecord], deleting recordIDs: [CloudRecordID], savePolicy: CloudSavePolicy, atomic: Bool,
        requester: String?
    ) -> Result<CloudModifyResult, CloudKitError> {
        if records.count == 1 && recordIDs.isEmpty {
            let record = records[0]
            switch saveOne(record, policy: savePolicy, requester: requester) {
            case .success(let saved):
                return .success(
                    CloudModifyResult(
                        saveResults: [CloudRecordResult(recordID: record.recordID, result: .success(saved))],
                        deleteResults: [], error: nil))
            case .failure(let error):
                return .success(
                    CloudModifyResult(
                        saveResults: [CloudRecordResult(recordID: record.recordID, result: .failure(error))],
                        deleteResults: [], error: CloudKitError(partialFailure: [(record.recordID, error)])))
            }
        }
        var plan = ModifyPlan(records: records, recordIDs: recordIDs)
        for index in records.indices {
            evaluateSave(index, policy: savePolicy, requester: requester, plan: &plan)
        }
        for (index, recordID) in recordIDs.enumerated() {
            let error = evaluateDelete(recordID, plan: &plan)
            plan.deleteErrors[index] = error
        }
        if plan.hasFailure && atomic {
            plan.failRemaining { [zones] in zones[$0]?.zone.atomic == true }
        }
        return .success(apply(plan))
    }

    // MARK: Zones

    /// Creates a custom zone (or changes its atomic flag); a zone deleted earlier comes back empty.
    public func saveZone(_ zone: CloudZone) {
        guard !zone.zoneID.isDefaultZone else { return }
        deletedZones[zone.zoneID] = nil
        if let state = zones[zone.zoneID] {
            state.zone = zone
        } else {
            let state = ZoneState(zone: zone)
            if let retired = retiredEpochs[zone.zoneID] { state.epoch = retired + 1 }
            zonesMade += 1
            state.incarnation = zonesMade
            zones[zone.zoneID] = state
        }
    }

    /// Deletes a zone and its records. Later operations on it fail with `zoneNotFound`, or with
    /// `userDeletedZone` when `byUser` (the user removed the app's data in Settings).
    public func deleteZone(_ zoneID: CloudZoneID, byUser: Bool = false) {
        guard !zoneID.isDefaultZone, let state = zones.removeValue(forKey: zoneID) else { return }
        state.detachFeeds()
        deletedZones[zoneID] = byUser
        retiredEpochs[zoneID] = state.epoch
        databaseHistory += 1
        zoneDeletions.append(ZoneDeletion(history: databaseHistory, zoneID: zoneID, byUser: byUser))
        for recordID in stored.keys.sorted() where recordID.zoneID == zoneID { removeStored(recordID) }
        trace.instant(Self.track, "cloudkit", "zone.deleted", zoneID.zoneName, value: byUser ? 1 : 0)
    }

    /// The error that answers a whole modify operation now (too many items, the load model), or nil to go on.
    /// `zoneID` is read only for the load model: without one, a save copies no zone name out of its record.
    /// Inlined: as a call, the checks cost a one-record save 38 instructions more (`counter-runs 10`: 228.6 M
    /// against 226.9 M).
    @inline(__always)
    func admitModify(itemCount: Int, zoneID: @autoclosure () -> CloudZoneID?, requester: String?) -> CloudKitError? {
        if hasServerErrors, let error = accountError(requester) { return error }
        if itemCount > limits.maxRecordsPerOperation {
            return CloudKitError(
                .limitExceeded, "\(itemCount) items in one operation; the limit is \(limits.maxRecordsPerOperation)")
        }
        if limits.admitsEverything { return nil }
        return limiter.admit(loadModel, requester, zoneID(), isWrite: true, now: scheduler.now)
    }

    /// ``storedRecord(_:)`` of `record`'s ID, read in place when it is the record looked up last.
    func storedRecord(of record: borrowing CloudRecord) -> StoredRecord? {
        if let lastLookup, lastLookup.current.hasSameID(as: record) { return lastLookup }
        return storedRecord(record.recordID)
    }

    /// The stored record with this ID. A stored record's zone exists (deleting a zone deletes its records).
    func storedRecord(_ recordID: CloudRecordID) -> StoredRecord? {
        if let lastLookup, lastLookup.recordID == recordID { return lastLookup }
        let found = stored[recordID]
        if found != nil { lastLookup = found }
        return found
    }

    /// A custom zone's state, without hashing the zone's name again when it is the zone looked up last.
    func zoneState(_ zoneID: CloudZoneID) -> ZoneState? {
        if let lastZone, lastZone.zone.zoneID == zoneID { return lastZone }
        let found = zones[zoneID]
        if found != nil { lastZone = found }
        return found
    }

    /// Stores a record the server does not have yet.
    private func storeNew(_ record: CloudRecord) -> StoredRecord {
        let entry = StoredRecord(record)
        stored.insert(entry)
        lastLookup = entry
        return entry
    }

    /// Keeps a saved version: it replaces `existing`'s current one, or is stored as a new record; its
    /// zone's change feed notes it.
    func keepSaved(_ saved: CloudRecord, replacing existing: StoredRecord?) {
        let entry: StoredRecord
        let state = zoneState(saved.recordID.zoneID)
        if let existing {
            state?.willReplace(existing)
            existing.replace(with: saved)
            entry = existing
        } else {
            entry = storeNew(saved)
        }
        state?.noteSaved(entry)
    }

    @discardableResult
    func removeStored(_ recordID: CloudRecordID) -> StoredRecord? {
        if lastLookup?.recordID == recordID { lastLookup = nil }
        return stored.remove(recordID)
    }

    func zoneError(_ zoneID: CloudZoneID) -> CloudKitError? {
        if zoneID.isDefaultZone || zoneState(zoneID) != nil { return nil }
        if deletedZones[zoneID] == true {
            return CloudKitError(.userDeletedZone, "zone \(zoneID) was deleted by the user")
        }
        return CloudKitError(.zoneNotFound, "zone \(zoneID) does not exist")
    }

    func partialFailure(_ items: [(recordID: CloudRecordID, error: CloudKitError)]) -> CloudKitError? {
        items.isEmpty ? nil : CloudKitError(partialFailure: items)
    }

    func makeTag() -> CloudChangeTag {
        lastTag &+= 1
        return CloudChangeTag(rawValue: lastTag)
    }

    func noteConflict() { counts.conflicts += 1 }
    func noteSaved() { counts.saved += 1 }

    /// The error that answers a read operation now (the load model), or nil to go on.
    func admitRead(zoneID: @autoclosure () -> CloudZoneID?, requester: String?) -> CloudKitError? {
        if hasServerErrors, let error = accountError(requester) { return error }
        if limits.admitsEverything { return nil }
        return limiter.admit(loadModel, requester, zoneID(), isWrite: false, now: scheduler.now)
    }

    private struct Limits {
        var admitsEverything: Bool
        var maxRecordsPerOperation: Int

        init(_ model: CloudKitLoadModel) {
            admitsEverything = model.isUnlimited
            maxRecordsPerOperation = model.maxRecordsPerOperation
        }
    }
}

/// One record on the server: its current version and a few earlier ones (ancestors for conflicts).
///
/// Three references after the header, 48 bytes of heap: its zone is looked up when it is saved
/// (``CloudKitRecordServer/zoneState(_:)``, the zone looked up last), and the earlier versions live in a
/// `History` made at its second save. At a million records (`simulate-bench model`) the zone, the ring and
/// its position in the record took 16 MB more (docs/performance.md).
final class StoredRecord {
    @exclusivity(unchecked) var current: CloudRecord
    /// The sequence of its zone's change log at its last save; 0 in the default zone.
    @exclusivity(unchecked) var lastChange = 0
    @exclusivity(unchecked) private var history: History?

    /// Earlier versions, at most `historyLimit`, as a ring: once full, `oldest` is the next slot to overwrite.
    /// In the module's measured group, as the record's own fields are (docs/performance.md).
    private final class History {
        @exclusivity(unchecked) var versions: [CloudRecord] = []
        @exclusivity(unchecked) var oldest = 0
    }

    init(_ current: CloudRecord) {
        self.current = current
    }

    /// The current version's: a million stored records would hold 32 MB more keeping it here too.
    var recordID: CloudRecordID { current.recordID }

    func replace(with record: CloudRecord) {
        let history = self.history ?? History()
        self.history = history
        if history.versions.count < CloudKitRecordServer.historyLimit {
            history.versions.append(current)
        } else {
            history.versions[history.oldest] = current
            history.oldest = (history.oldest + 1) % history.versions.count
        }
        current = record
    }

    /// The version with this tag, if the server still keeps it.
    func version(_ tag: CloudChangeTag?) -> CloudRecord? {
        guard let tag else { return nil }
        if current.changeTag == tag { return current }
        guard let history else { return nil }
        let count = history.versions.count
        var age = 0
        while age < count {
            let record = history.versions[(history.oldest + count - 1 - age) % count]
            if record.changeTag == tag { return record }
            age += 1
        }
        return nil
    }
}
