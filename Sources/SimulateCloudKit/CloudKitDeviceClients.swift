import SimulateCore

/// What a CloudKit facade on a device sent, for the plugin that judges the app by it.
public enum CloudKitRequestKind: Sendable {
    /// A fetch of records by id.
    case fetch
    /// A modify operation (saves and deletes).
    case modify
    /// A fetch of a zone's changes.
    case zoneChanges
    /// A save of record zones.
    case saveZones
    /// A fetch of the database's zone changes.
    case databaseChanges
}

/// Offers each device's CloudKit database client to the CloudKit facade: the `counter` run conforms,
/// so an app's requests are counted as its own allocator's would be (requests, early requests).
public protocol CloudKitDeviceClientProviding: AnyObject {
    /// The database client of `device`: the one the run's own traffic goes through.
    func cloudKitClient(for device: Device) -> CloudKitDatabaseClient
    /// Called by the facade as each request leaves the device.
    func cloudKitRequestSent(_ kind: CloudKitRequestKind, on device: Device)
}
