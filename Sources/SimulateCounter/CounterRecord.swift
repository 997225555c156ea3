import SimulateCloudKit

/// The counter record the `counter` plugin keeps on the simulated CloudKit server: one record of type
/// `Counter` named `displayId` whose integer field `value` is the last id handed out, in the custom
/// zone `Counters` (the `zone` setting chooses another). Seed 000 names a "displayId Counter Record"
/// saved with `.ifServerRecordUnchanged`; the type, name, field and zone are assumptions of this
/// toolkit. An app's own allocator reads and saves this record; the invariants read its `value`.
public enum CounterRecord {
    /// The record type: `Counter`.
    public static let recordType = "Counter"
    /// The record name: `displayId`.
    public static let recordName = "displayId"
    /// The integer field holding the last id handed out: `value`.
    public static let valueKey = "value"
    /// The zone when the scenario names none: `Counters`.
    public static let defaultZone = "Counters"

    /// The record's id in `zone`: pass the scenario's `counter` `zone` setting when it sets one.
    public static func recordID(zone: String = defaultZone) -> CloudRecordID {
        CloudRecordID(recordName: recordName, zoneID: CloudZoneID(zone))
    }
}
