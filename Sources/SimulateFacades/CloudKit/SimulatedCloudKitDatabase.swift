import SimulateAsync
import SimulateCloudKit
import SimulateCore

/// ``CloudKitDatabase`` over the scenario's simulated record server: every call travels over the
/// device's link, so faults, latency, loss and the server's load model apply, and the errors are the
/// ones the built-in record server and database client produce, unchanged.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
public struct SimulatedCloudKitDatabase: CloudKitDatabase, @unchecked Sendable {
    let client: CloudKitDatabaseClient
    let runtime: SimulationRuntime
    /// Weak: the provider (the counter's run) holds the app component that holds this database, and a
    /// strong reference back would keep the run's objects alive after the run (LeakSanitizer).
    let observer: WeakClientProvider
    /// A suspended app hears the answers when it returns to the foreground.
    let hub: LifecycleHub
    /// Each answer the app gets is an instant on its device's track, so a failure's timeline shows its traffic.
    let trace: Trace

    /// How long a request waits for its answer when no plugin's client is used: 60 s, as the `counter`
    /// plugin's `requestTimeout` defaults to (an assumption: the deprecated
    /// `CKOperation.timeoutIntervalForRequest`'s documented default, "The default value is 60").
    public static let requestTimeout = VirtualDuration.seconds(60)

    /// The device's database: the client of the plugin that owns the server (the `counter` plugin,
    /// which then counts the app's requests, with its `requestTimeout`), else a client of the run's one
    /// server (`CloudKitRecordServer.forRun(_:)`, the server your plugin reads) with ``requestTimeout``.
    public init(context: SimulationContext, device: Device) {
        runtime = SimulationRuntime.of(context)
        hub = LifecycleHub.of(context)
        trace = context.trace
        if let provider = context.services((any CloudKitDeviceClientProviding).self).first {
            observer = WeakClientProvider(provider)
            client = provider.cloudKitClient(for: device)
        } else {
            observer = WeakClientProvider(nil)
            client = CloudKitDatabaseClient(
                context: context, server: CloudKitRecordServer.forRun(context), device: device,
                timeout: Self.requestTimeout)
        }
        client.reportsServerResponseLost = true
    }

    /// `CKDatabase.record(for:)` through this device's link: throws `unknownItem` when the record does not exist.
    public func record(for recordID: CloudRecordID) async throws -> CloudRecord {
        let results = try await records(for: [recordID])
        guard let result = results[recordID] else { throw CloudKitError(.unknownItem, "record not found") }
        return try result.get()
    }

    /// `CKDatabase.records(for:)` through this device's link; the answer reaches a suspended app when it returns.
    public func records(for recordIDs: [CloudRecordID]) async throws -> [CloudRecordID: Result<CloudRecord, any Error>]
    {
        note(.fetch)
        let (client, hub, device) = (self.client, self.hub, client.device)
        let fetched: CloudFetchResult = try await runtime.suspend("CloudKit fetch \(Self.names(recordIDs))") { wait in
            client.fetch(recordIDs: recordIDs) { [trace] result in
                Self.traceAnswer(trace, device, "fetch \(Self.names(recordIDs))", result) { Self.outcome($0.error) }
                hub.whenActive(device) { wait.resume(with: result.mapError { $0 }) }
            }
        }
        var results: [CloudRecordID: Result<CloudRecord, any Error>] = [:]
        for item in fetched.results { results[item.recordID] = item.result.mapError { $0 } }
        return results
    }

    /// `CKDatabase.modifyRecords(saving:deleting:savePolicy:atomically:)` through this device's link; an atomic
    /// modify that fails in an atomic zone throws `partialFailure`, as ``CloudKitDatabase`` says.
    public func modifyRecords(
        saving recordsToSave: [CloudRecord], deleting recordIDsToDelete: [CloudRecordID],
        savePolicy: CloudSavePolicy, atomically: Bool
    ) async throws -> (
        saveResults: [CloudRecordID: Result<CloudRecord, any Error>],
        deleteResults: [CloudRecordID: Result<Void, any Error>]
    ) {
        note(.modify)
        let (client, hub, device) = (self.client, self.hub, client.device)
        let step = "CloudKit modify \(Self.names(recordsToSave.map(\.recordID) + recordIDsToDelete))"
        let modified: CloudModifyResult = try await runtime.suspend(step) { wait in
            client.modify(
                saving: recordsToSave, deleting: recordIDsToDelete, savePolicy: savePolicy, atomic: atomically
            ) { [trace] result in
                Self.traceAnswer(trace, device, step.dropFirst("CloudKit ".count).description, result) {
                    Self.outcome($0.error)
                }
                hub.whenActive(device) { wait.resume(with: result.mapError { $0 }) }
            }
        }
        if atomically, let error = Self.atomicFailure(modified, server: client.server) { throw error }
        var saves: [CloudRecordID: Result<CloudRecord, any Error>] = [:]
        for item in modified.saveResults { saves[item.recordID] = item.result.mapError { $0 } }
        var deletes: [CloudRecordID: Result<Void, any Error>] = [:]
        for item in modified.deleteResults {
            deletes[item.recordID] = item.error.map { .failure($0) } ?? .success(())
        }
        return (saves, deletes)
    }

    /// `CKDatabase.recordZoneChanges(inZoneWith:since:desiredKeys:resultsLimit:)`: one page of the zone's changes
    /// after `token`, of at most `resultsLimit` (nil: 400).
    public func recordZoneChanges(inZoneWith zoneID: CloudZoneID, since token: CloudChangeToken?, resultsLimit: Int?)
        async throws -> CloudZoneChanges
    {
        note(.zoneChanges)
        let (client, hub, device) = (self.client, self.hub, client.device)
        return try await runtime.suspend("CloudKit zone changes \(zoneID)") { wait in
            client.fetchChanges(in: zoneID, since: token, resultsLimit: resultsLimit ?? CloudKitRecordServer.pageLimit)
            { [trace] result in
                Self.traceAnswer(trace, device, "zone changes \(zoneID.zoneName)", result) { page in
                    "\(page.changedRecords.count) changed, \(page.deletedRecordIDs.count) deleted"
                        + (page.moreComing ? ", more coming" : "")
                }
                hub.whenActive(device) { wait.resume(with: result.mapError { $0 }) }
            }
        }
    }

    /// `CKDatabase.databaseChanges(since:resultsLimit:)`: one page of the custom zones changed or deleted after
    /// `token`, at most `resultsLimit` of them (nil: 400).
    public func databaseChanges(since token: CloudDatabaseChangeToken?, resultsLimit: Int?) async throws
        -> CloudDatabaseChanges
    {
        note(.databaseChanges)
        let (client, hub, device) = (self.client, self.hub, client.device)
        return try await runtime.suspend("CloudKit database changes") { wait in
            client.fetchDatabaseChanges(since: token, resultsLimit: resultsLimit ?? CloudKitRecordServer.pageLimit) {
                [trace] result in
                Self.traceAnswer(trace, device, "database changes", result) { page in
                    let deleted = page.deletions.map { "\($0.zoneID.zoneName) (\($0.reason.rawValue))" }
                    return "modified: \(page.modifiedZoneIDs.map(\.zoneName).joined(separator: ", ")); deleted: "
                        + deleted.joined(separator: ", ") + (page.moreComing ? "; more coming" : "")
                }
                hub.whenActive(device) { wait.resume(with: result.mapError { $0 }) }
            }
        }
    }

    /// `CKDatabase.modifyRecordZones(saving:deleting:)`: saving a deleted zone creates it again, empty.
    public func modifyRecordZones(
        saving recordZonesToSave: [CloudZone], deleting recordZoneIDsToDelete: [CloudZoneID]
    ) async throws -> (
        saveResults: [CloudZoneID: Result<CloudZone, any Error>],
        deleteResults: [CloudZoneID: Result<Void, any Error>]
    ) {
        note(.saveZones)
        let (client, hub, device) = (self.client, self.hub, client.device)
        let names = (recordZonesToSave.map(\.zoneID) + recordZoneIDsToDelete).map(\.zoneName)
        let modified: CloudZoneModifyResult = try await runtime.suspend(
            "CloudKit modify zones \(names.joined(separator: ", "))"
        ) { wait in
            client.modifyZones(saving: recordZonesToSave, deleting: recordZoneIDsToDelete) { [trace] result in
                Self.traceAnswer(trace, device, "modify zones \(names.joined(separator: ", "))", result) { answer in
                    let failed =
                        answer.deleteResults.compactMap(\.error)
                        + answer.saveResults.compactMap {
                            if case .failure(let error) = $0.result { error } else { nil }
                        }
                    return failed.isEmpty ? "ok" : failed.map { "\($0.code)" }.joined(separator: ", ")
                }
                hub.whenActive(device) { wait.resume(with: result.mapError { $0 }) }
            }
        }
        var saves: [CloudZoneID: Result<CloudZone, any Error>] = [:]
        for item in modified.saveResults { saves[item.zoneID] = item.result.mapError { $0 } }
        var deletes: [CloudZoneID: Result<Void, any Error>] = [:]
        for item in modified.deleteResults { deletes[item.zoneID] = item.error.map { .failure($0) } ?? .success(()) }
        return (saves, deletes)
    }

    /// The operation's `partialFailure` when an item failed in a zone with the atomic capability: there
    /// CloudKit changed nothing of the zone, and `CKDatabase.modifyRecords(…, atomically: true)` throws it
    /// (the culprits carry their own errors, the zone's other items `batchRequestFailed`). In a zone
    /// without the capability (the default zone) `atomically` has no effect and each item's outcome
    /// comes back in the results (Apple, `CKModifyRecordsOperation.isAtomic`).
    static func atomicFailure(_ modified: CloudModifyResult, server: CloudKitRecordServer) -> CloudKitError? {
        guard let error = modified.error, error.code == .partialFailure else { return nil }
        let atomicZoneFailed = error.partialErrorItems.contains { item in
            item.error.code != .batchRequestFailed && server.zone(item.recordID.zoneID)?.atomic == true
        }
        return atomicZoneFailed ? error : nil
    }

    /// The answer as an instant `cloudkit <request>` on the device's track; an error's value is its code.
    private static func traceAnswer<Answer>(
        _ trace: Trace, _ device: Device, _ request: String, _ result: Result<Answer, CloudKitError>,
        _ describe: (Answer) -> String
    ) {
        switch result {
        case .success(let answer):
            trace.instant(device.id, "cloudkit", request, describe(answer))
        case .failure(let error):
            trace.instant(
                device.id, "cloudkit", request, "\(error.code): \(error.message)", value: Int64(error.code.rawValue))
        }
    }

    /// `ok`, or the operation's error and each failed item's code.
    private static func outcome(_ error: CloudKitError?) -> String {
        guard let error else { return "ok" }
        let items = error.partialErrorItems.map { "\($0.recordID.recordName): \($0.error.code)" }
        return "\(error.code)" + (items.isEmpty ? "" : " (" + items.joined(separator: ", ") + ")")
    }

    private func note(_ kind: CloudKitRequestKind) {
        observer.provider?.cloudKitRequestSent(kind, on: client.device)
    }

    private static func names(_ recordIDs: [CloudRecordID]) -> String {
        recordIDs.prefix(3).map(\.description).joined(separator: ", ") + (recordIDs.count > 3 ? ", …" : "")
    }
}

/// The provider of a device's client, held weakly.
final class WeakClientProvider {
    weak var provider: (any CloudKitDeviceClientProviding)?

    init(_ provider: (any CloudKitDeviceClientProviding)?) {
        self.provider = provider
    }
}
