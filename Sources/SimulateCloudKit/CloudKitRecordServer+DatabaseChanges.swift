extension CloudKitRecordServer {
    /// A zone deleted, at its point in the database's history.
    struct ZoneDeletion {
        var history: Int
        var zoneID: CloudZoneID
        var byUser: Bool
    }

    /// The custom zones changed or gone since `token` (nil: every zone there is), like
    /// `CKFetchDatabaseChangesOperation`, at most `resultsLimit` zones a page, in zone-name order. A zone counts
    /// as changed when it was created or any of its records changed; as gone when it was deleted after the
    /// token, whether or not the token saw it, with reason `purged` when any of those deletions was the user's
    /// (data the user removed must not come back, whatever happened after). The default zone is not reported
    /// (the toolkit's assumption: its changes cannot be fetched by token). A token from before a
    /// `changeTokenExpired` fault fails with it. The account faults answer the request; the load model does not
    /// apply, as for zone operations.
    public func databaseChanges(
        since token: CloudDatabaseChangeToken?, resultsLimit: Int = pageLimit, requester: String? = nil
    ) -> Result<CloudDatabaseChanges, CloudKitError> {
        if hasServerErrors, let error = accountError(requester) { return .failure(error) }
        if let token, token.archivedServerToken != nil || token.epoch != databaseEpoch {
            return .failure(CloudKitError(.changeTokenExpired, "the database change token \(token) has expired"))
        }
        let before = token?.zones ?? [:]
        var now: [String: CloudDatabaseChangeToken.Mark] = [:]
        for (zoneID, state) in zones {
            now[zoneID.zoneName] = .init(incarnation: state.incarnation, sequence: state.sequence)
        }
        // Deletions after the token, by zone; a nil token asks for the zones there are.
        var gone: [String: Bool] = [:]
        if let token {
            for deletion in zoneDeletions.reversed() {
                guard deletion.history > token.history else { break }
                let name = deletion.zoneID.zoneName
                if deletion.history > token.reported[name] ?? 0 {
                    gone[name] = (gone[name] ?? false) || deletion.byUser
                }
            }
        }
        let changed = Set(before.keys).union(now.keys).union(gone.keys).sorted().filter {
            before[$0] != now[$0] || gone[$0] != nil
        }
        let page = changed.prefix(max(1, resultsLimit))
        var marks = before
        var reported = token?.reported ?? [:]
        var modified: [CloudZoneID] = []
        var deletions: [CloudZoneDeletion] = []
        for name in page {
            let zoneID = CloudZoneID(name)
            if let byUser = gone[name] {
                deletions.append(CloudZoneDeletion(zoneID: zoneID, reason: byUser ? .purged : .deleted))
            }
            if now[name] != nil { modified.append(zoneID) }
            marks[name] = now[name]
            reported[name] = databaseHistory
        }
        let moreComing = changed.count > page.count
        let next =
            moreComing
            ? CloudDatabaseChangeToken(
                epoch: databaseEpoch, history: token?.history ?? databaseHistory, zones: marks, reported: reported)
            : CloudDatabaseChangeToken(epoch: databaseEpoch, history: databaseHistory, zones: marks)
        return .success(
            CloudDatabaseChanges(modifiedZoneIDs: modified, deletions: deletions, token: next, moreComing: moreComing))
    }
}
