/// A record zone's name, like `CKRecordZone.ID`. The private database's `_defaultZone` always exists.
public struct CloudZoneID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The zone's name.
    public var zoneName: String

    /// The zone named `zoneName`.
    public init(_ zoneName: String) {
        self.zoneName = zoneName
    }

    /// The private database's default zone, which always exists.
    public static let defaultZone = CloudZoneID("_defaultZone")

    /// Whether this is `_defaultZone`.
    public var isDefaultZone: Bool { zoneName == Self.defaultZone.zoneName }
    /// The zone's name.
    public var description: String { zoneName }

    /// Zones order by name.
    public static func < (a: CloudZoneID, b: CloudZoneID) -> Bool { a.zoneName < b.zoneName }
}

/// A record's identity, like `CKRecord.ID`: a name unique within its zone.
public struct CloudRecordID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The name, unique within its zone.
    public var recordName: String
    /// The zone the record lives in.
    public var zoneID: CloudZoneID

    /// The record `recordName` in `zoneID` (the default zone unless given).
    public init(recordName: String, zoneID: CloudZoneID = .defaultZone) {
        self.recordName = recordName
        self.zoneID = zoneID
    }

    /// `zone/name`.
    public var description: String { "\(zoneID.zoneName)/\(recordName)" }

    /// Names first: they differ far more often than zones.
    public static func == (a: CloudRecordID, b: CloudRecordID) -> Bool {
        a.recordName == b.recordName && a.zoneID == b.zoneID
    }

    /// The name alone: a database has few zones, and hashing the zone's name too would cost every lookup
    /// as much again. Equal IDs still hash alike.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(recordName)
    }

    /// By zone name, then record name.
    public static func < (a: CloudRecordID, b: CloudRecordID) -> Bool {
        (a.zoneID.zoneName, a.recordName) < (b.zoneID.zoneName, b.recordName)
    }
}

/// A custom zone, like `CKRecordZone`. Atomic zones commit a modify operation all or nothing.
public struct CloudZone: Sendable, Equatable {
    /// The zone's identity.
    public var zoneID: CloudZoneID
    /// Custom zones of the private database support atomic commits; the default zone does not.
    public var atomic: Bool

    /// A zone; the default zone is never atomic, whatever `atomic` says.
    public init(zoneID: CloudZoneID, atomic: Bool = true) {
        self.zoneID = zoneID
        self.atomic = atomic && !zoneID.isDefaultZone
    }
}
