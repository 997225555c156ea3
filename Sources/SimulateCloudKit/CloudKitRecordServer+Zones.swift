import SimulateCore

/// What a zone operation answered, like the results of `CKModifyRecordZonesOperation`: one result per
/// zone, in request order.
public struct CloudZoneModifyResult: Sendable, Equatable {
    /// The saved zone as the server now has it, or the zone's error.
    public var saveResults: [(zoneID: CloudZoneID, result: Result<CloudZone, CloudKitError>)]
    /// nil when the zone was deleted.
    public var deleteResults: [(zoneID: CloudZoneID, error: CloudKitError?)]

    public static func == (a: Self, b: Self) -> Bool {
        a.saveResults.elementsEqual(b.saveResults) { $0.zoneID == $1.zoneID && $0.result == $1.result }
            && a.deleteResults.elementsEqual(b.deleteResults) { $0.zoneID == $1.zoneID && $0.error == $1.error }
    }
}

extension CloudKitRecordServer {
    /// Creates (or updates) and deletes custom zones, like `CKModifyRecordZonesOperation`. A zone deleted
    /// earlier (by an app or a `zoneNotFound` / `userDeletedZone` fault) comes back empty. The account
    /// faults answer the whole operation; the load model does not apply (the toolkit's assumption: its
    /// rate limits are about record traffic). Saving or deleting the default zone fails for that zone
    /// with `invalidArguments` (CloudKit's default zone cannot be created or deleted).
    public func modifyZones(
        saving zonesToSave: [CloudZone], deleting zoneIDsToDelete: [CloudZoneID], requester: String? = nil
    ) -> Result<CloudZoneModifyResult, CloudKitError> {
        if hasServerErrors, let error = accountError(requester) { return .failure(error) }
        var result = CloudZoneModifyResult(saveResults: [], deleteResults: [])
        for zone in zonesToSave {
            guard !zone.zoneID.isDefaultZone else {
                result.saveResults.append(
                    (zone.zoneID, .failure(CloudKitError(.invalidArguments, "the default zone cannot be saved"))))
                continue
            }
            saveZone(zone)
            trace.instant(Self.track, "cloudkit", "zone.saved", zone.zoneID.zoneName, value: zone.atomic ? 1 : 0)
            result.saveResults.append((zone.zoneID, .success(self.zone(zone.zoneID) ?? zone)))
        }
        for zoneID in zoneIDsToDelete {
            let error: CloudKitError?
            if zoneID.isDefaultZone {
                error = CloudKitError(.invalidArguments, "the default zone cannot be deleted")
            } else if zones[zoneID] == nil {
                error = zoneError(zoneID)
            } else {
                deleteZone(zoneID)
                error = nil
            }
            result.deleteResults.append((zoneID, error))
        }
        return .success(result)
    }
}
