/// A custom zone's state: its change history, as far as change tokens need it.
///
/// `@exclusivity(unchecked)` state measured with the module's group (14 % of `simulate-bench counter-runs 30`
/// with the checks on; see ``CloudKitRecordServer`` and docs/performance.md).
final class ZoneState {
    var zone: CloudZone
    /// Tokens from an earlier epoch are expired.
    var epoch = 0
    /// Which making of the zone this is, counted over the server's zones (database change tokens tell a zone
    /// made again from the one they saw).
    var incarnation = 0
    @exclusivity(unchecked) var sequence = 0
    /// The last change of each deleted record; a stored record keeps its own (``StoredRecord/lastChange``).
    @exclusivity(unchecked) var tombstones: [CloudRecordID: Int] = [:]
    /// The records' last changes and the tombstones, in sequence order.
    @exclusivity(unchecked) var log = ZoneChangeLog()

    init(zone: CloudZone) {
        self.zone = zone
    }

    /// Open feeds, by their windows' IDs: a deleted zone's feeds copy their pages first.
    var feeds: [Int: FeedReference] = [:]

    /// A feed removes itself in its `deinit`, so the reference never outlives it.
    struct FeedReference {
        unowned let feed: ZoneChangeFeed
    }

    /// A record of this zone is about to be saved again: its last change is superseded while the version it
    /// saved is still the record's, so an open feed that covers it can keep it.
    func willReplace(_ record: StoredRecord) {
        if record.lastChange > 0 { log.supersede(record.lastChange, by: sequence + 1) }
    }

    /// A record of this zone was saved (after ``willReplace(_:)`` when it replaced a version).
    func noteSaved(_ record: StoredRecord) {
        sequence += 1
        if !tombstones.isEmpty, let old = tombstones.removeValue(forKey: record.recordID) {
            log.supersede(old, by: sequence)
        }
        record.lastChange = sequence
        log.append(sequence, saved: record)
    }

    /// A record of this zone was deleted; `removed` is what the server held, if anything.
    func noteDeleted(_ recordID: CloudRecordID, removed: StoredRecord?) {
        sequence += 1
        if let removed, removed.lastChange > 0 { log.supersede(removed.lastChange, by: sequence) }
        if let old = tombstones.updateValue(sequence, forKey: recordID) { log.supersede(old, by: sequence) }
        log.append(sequence, deleted: recordID)
    }

    /// The zone is deleted and its records go: every open feed copies its pages first.
    func detachFeeds() {
        for reference in feeds.values { reference.feed.copyRemainingPages() }
        feeds = [:]
    }
}

extension CloudKitRecordServer {
    /// Changes of a custom zone since a token (nil: from the beginning), like `CKFetchRecordZoneChangesOperation`:
    /// at most `resultsLimit` records and deletions per page, in the order they last changed.
    ///
    /// Fails with `changeTokenExpired` for a token issued before ``expireChangeTokens(in:)``, with
    /// `zoneNotFound` / `userDeletedZone` for a missing zone, and with the load model's errors.
    public func fetchChanges(
        in zoneID: CloudZoneID, since token: CloudChangeToken?, resultsLimit: Int = pageLimit, requester: String? = nil
    ) -> Result<CloudZoneChanges, CloudKitError> {
        let state: ZoneState
        switch changeFeedState(zoneID, since: token, requester: requester) {
        case .success(let found): state = found
        case .failure(let error): return .failure(error)
        }
        let page = state.log.page(after: token?.sequence ?? 0, limit: max(1, resultsLimit))
        let changes = CloudZoneChanges(
            changedRecords: page.changed, deletedRecordIDs: page.deleted,
            token: CloudChangeToken(
                zoneID: zoneID, epoch: state.epoch, sequence: page.lastSequence ?? state.sequence),
            moreComing: page.moreComing)
        return .success(changes)
    }

    /// The zone whose changes since `token` a requester may read now, or the error that answers instead.
    func changeFeedState(
        _ zoneID: CloudZoneID, since token: CloudChangeToken?, requester: String?
    ) -> Result<ZoneState, CloudKitError> {
        if let error = admitRead(zoneID: zoneID, requester: requester) {
            return .failure(error)
        }
        if let error = zoneError(zoneID) { return .failure(error) }
        guard let state = zones[zoneID] else {
            return .failure(CloudKitError(.invalidArguments, "the default zone has no change feed"))
        }
        if let token,
            token.zoneID != zoneID || token.epoch != state.epoch || token.sequence > state.sequence
                || token.archivedServerToken != nil
        {
            return .failure(CloudKitError(.changeTokenExpired, "the change token \(token) is no longer valid"))
        }
        return .success(state)
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
