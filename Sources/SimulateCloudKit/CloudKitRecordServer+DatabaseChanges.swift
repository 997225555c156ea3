extension CloudKitRecordServer {
    /// The custom zones changed or gone since `token` (nil: every zone there is), like
    /// `CKFetchDatabaseChangesOperation`, at most `resultsLimit` zones a page, in zone-name order. A zone counts
    /// as changed when it was created or any of its records changed; the default zone is not reported (the
    /// toolkit's assumption: its changes cannot be fetched by token). The account faults answer the request;
    /// the load model does not apply, as for zone operations.
    public func databaseChanges(
        since token: CloudDatabaseChangeToken?, resultsLimit: Int = 400, requester: String? = nil
    ) -> Result<CloudDatabaseChanges, CloudKitError> {
        if hasServerErrors, let error = accountError(requester) { return .failure(error) }
        if let token, token.archivedServerToken != nil {
            return .failure(CloudKitError(.changeTokenExpired, "the change token \(token) is not this server's"))
        }
        let before = token?.zones ?? [:]
        var now: [String: CloudDatabaseChangeToken.Mark] = [:]
        for (zoneID, state) in zones {
            now[zoneID.zoneName] = .init(incarnation: state.incarnation, sequence: state.sequence)
        }
        let changed = Set(before.keys).union(now.keys).sorted().filter { before[$0] != now[$0] }
        let page = changed.prefix(max(1, resultsLimit))
        var marks = before
        var modified: [CloudZoneID] = []
        var deletions: [CloudZoneDeletion] = []
        for name in page {
            let zoneID = CloudZoneID(name)
            if let old = before[name], old.incarnation != now[name]?.incarnation {
                let byUser = lastDeletionByUser[zoneID] ?? false
                deletions.append(CloudZoneDeletion(zoneID: zoneID, reason: byUser ? .purged : .deleted))
            }
            if now[name] != nil { modified.append(zoneID) }
            marks[name] = now[name]
        }
        return .success(
            CloudDatabaseChanges(
                modifiedZoneIDs: modified, deletions: deletions, token: CloudDatabaseChangeToken(zones: marks),
                moreComing: changed.count > page.count))
    }
}
