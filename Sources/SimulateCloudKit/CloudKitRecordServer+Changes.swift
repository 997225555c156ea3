/// A custom zone's state: its change history, as far as change tokens need it.
///
/// `@exclusivity(unchecked)` state measured with the module's group (14 % of `simulate-bench counter-runs 30`
/// with the checks on; see ``CloudKitRecordServer`` and docs/performance.md).
final class ZoneState {
    var zone: CloudZone
    /// Tokens from an earlier epoch are expired.
    var epoch = 0
    @exclusivity(unchecked) var sequence = 0
    /// The last change of each deleted record; a stored record keeps its own (``StoredRecord/lastChange``).
    @exclusivity(unchecked) var tombstones: [CloudRecordID: Int] = [:]
    /// The records' last changes and the tombstones, in sequence order.
    @exclusivity(unchecked) var log = ZoneChangeLog()

    init(zone: CloudZone) {
        self.zone = zone
    }

    /// A record of this zone was saved.
    func noteSaved(_ record: StoredRecord) {
        sequence += 1
        if !tombstones.isEmpty, let old = tombstones.removeValue(forKey: record.recordID) { log.supersede(old) }
        if record.lastChange > 0 { log.supersede(record.lastChange) }
        record.lastChange = sequence
        log.append(sequence, saved: record)
    }

    /// A record of this zone was deleted; `removed` is what the server held, if anything.
    func noteDeleted(_ recordID: CloudRecordID, removed: StoredRecord?) {
        sequence += 1
        if let removed, removed.lastChange > 0 { log.supersede(removed.lastChange) }
        if let old = tombstones.updateValue(sequence, forKey: recordID) { log.supersede(old) }
        log.append(sequence, deleted: recordID)
    }
}

extension CloudKitRecordServer {
    /// Changes of a custom zone since a token (nil: from the beginning), like `CKFetchRecordZoneChangesOperation`:
    /// at most `resultsLimit` records and deletions per page, in the order they last changed.
    ///
    /// Fails with `changeTokenExpired` for a token issued before ``expireChangeTokens(in:)``, with
    /// `zoneNotFound` / `userDeletedZone` for a missing zone, and with the load model's errors.
    public func fetchChanges(
        in zoneID: CloudZoneID, since token: CloudChangeToken?, resultsLimit: Int = 400, requester: String? = nil
    ) -> Result<CloudZoneChanges, CloudKitError> {
        if let error = admitRead(zoneID: zoneID, requester: requester) {
            return .failure(error)
        }
        if let error = zoneError(zoneID) { return .failure(error) }
        guard let state = zones[zoneID] else {
            return .failure(CloudKitError(.invalidArguments, "the default zone has no change feed"))
        }
        if let token, token.zoneID != zoneID || token.epoch != state.epoch || token.sequence > state.sequence {
            return .failure(CloudKitError(.changeTokenExpired, "the change token \(token) is no longer valid"))
        }
        let page = state.log.page(after: token?.sequence ?? 0, limit: max(1, resultsLimit))
        let changes = CloudZoneChanges(
            changedRecords: page.changed, deletedRecordIDs: page.deleted,
            token: CloudChangeToken(
                zoneID: zoneID, epoch: state.epoch, sequence: page.lastSequence ?? state.sequence),
            moreComing: page.moreComing)
        return .success(changes)
    }

    /// Expires every token issued so far for a zone: the next `fetchChanges` with one fails with
    /// `changeTokenExpired` and the client must refetch from nil (field report 7).
    public func expireChangeTokens(in zoneID: CloudZoneID) {
        guard let state = zones[zoneID] else { return }
        state.epoch += 1
        trace.instant(Self.track, "cloudkit", "changeTokens.expired", zoneID.zoneName, value: Int64(state.epoch))
    }

    /// Every record of a custom zone, in the order they last changed — what a fetch of its changes from the
    /// beginning returns, without pages, a token or the load model — read in the order the zone's change log
    /// keeps them rather than looked up by ID. Nothing for a zone that does not exist.
    package func forEachRecord(in zoneID: CloudZoneID, _ body: (CloudRecord) -> Void) {
        zones[zoneID]?.log.forEachCurrent(body)
    }
}
