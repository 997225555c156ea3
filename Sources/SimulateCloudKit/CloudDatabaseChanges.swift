/// Why a custom zone is gone, as `CKDatabase.DatabaseChange.Deletion.Reason` says it.
public enum CloudZoneDeletionReason: String, Sendable, Hashable, Codable {
    /// An app deleted the zone (`modifyRecordZones(deleting:)`, or a `zoneNotFound` fault).
    case deleted
    /// The user removed the app's data in Settings (a `userDeletedZone` fault). Apple: "you must delete any
    /// locally cached data and not resend it to iCloud."
    case purged
    /// The user reset their encrypted data; only a device reports it (the simulation never deletes a zone so).
    case encryptedDataReset
}

/// A custom zone that is gone since the token.
public struct CloudZoneDeletion: Sendable, Hashable {
    public var zoneID: CloudZoneID
    public var reason: CloudZoneDeletionReason

    public init(zoneID: CloudZoneID, reason: CloudZoneDeletionReason) {
        self.zoneID = zoneID
        self.reason = reason
    }
}

/// A point in a database's zone history, as `CKFetchDatabaseChangesOperation` gives it (not a zone's
/// ``CloudChangeToken``). `Codable`: an app keeps it across launches.
public struct CloudDatabaseChangeToken: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Each custom zone as the token last saw it: which making of the zone, and its last change.
    struct Mark: Hashable, Sendable, Codable {
        var incarnation: Int
        var sequence: Int
    }

    /// Tokens of an earlier epoch are expired (a `changeTokenExpired` fault).
    let epoch: Int
    /// The point in the database's history of zone deletions the token was issued at.
    let history: Int
    let zones: [String: Mark]
    /// Zones whose deletions up to this point of the history were reported in a page after `history`.
    let reported: [String: Int]
    /// On a device, the `CKServerChangeToken` archived with `NSKeyedArchiver` (`CKDatabaseAdapter`); nil in
    /// the simulation.
    package let archivedServerToken: [UInt8]?

    init(epoch: Int, history: Int, zones: [String: Mark], reported: [String: Int] = [:]) {
        self.epoch = epoch
        self.history = history
        self.zones = zones
        self.reported = reported
        archivedServerToken = nil
    }

    /// A device's token: CloudKit's own, archived.
    package init(archivedServerToken: [UInt8]) {
        (epoch, history, zones, reported) = (0, 0, [:], [:])
        self.archivedServerToken = archivedServerToken
    }

    /// `database@epoch.history`, for reports.
    public var description: String {
        archivedServerToken == nil ? "database@\(epoch).\(history)" : "database@server"
    }
}

/// One page of `CKDatabase.databaseChanges(since:)`: the custom zones changed or gone since a token.
public struct CloudDatabaseChanges: Sendable, Equatable {
    /// Zones created, or with records changed, since the token: fetch their changes.
    public var modifiedZoneIDs: [CloudZoneID]
    /// Zones gone since the token. A zone deleted and made again is both: its old history is gone (its zone
    /// tokens are expired) and it has a new one.
    public var deletions: [CloudZoneDeletion]
    /// Pass it to the next fetch; store it only once the page is applied.
    public var token: CloudDatabaseChangeToken
    /// More changes follow: fetch again with `token`.
    public var moreComing: Bool

    package init(
        modifiedZoneIDs: [CloudZoneID], deletions: [CloudZoneDeletion], token: CloudDatabaseChangeToken,
        moreComing: Bool
    ) {
        self.modifiedZoneIDs = modifiedZoneIDs
        self.deletions = deletions
        self.token = token
        self.moreComing = moreComing
    }
}
