// App code and tests that use the facades also use the runtime's clock and tasks.
@_exported import SimulateAsync
// The CloudKit facade's records, IDs and errors (`CloudRecord`, `CloudRecordID`, `CloudKitError`…) are the
// simulated CloudKit's types: app code written against the facade names them with this one import.
@_exported import SimulateCloudKit
