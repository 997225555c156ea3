import Testing

@testable import SimulateCloudKit
@testable import SimulateCore

/// A server hands the details object of a `serverRecordChanged` error out again once no error holds it
/// (`CloudKitError.ConflictDetailsPool`). What a client keeps must not see it: each kept error goes on
/// carrying its own conflict's records, however many conflicts follow, and changing one changes no other.
struct ConflictErrorReuseTests {
    private static let zone = CloudZoneID("Counters")
    private static let counterID = CloudRecordID(recordName: "displayId", zoneID: zone)

    private static func makeServer() -> CloudKitRecordServer {
        makeTestServer(zone: zone).server
    }

    /// What a conflict's error says, compared across the run.
    private struct Seen: Equatable {
        var server: Int64?
        var client: Int64?
        var ancestor: Int64?

        init(server: Int64?, client: Int64?, ancestor: Int64?) {
            self.server = server
            self.client = client
            self.ancestor = ancestor
        }

        init(_ error: CloudKitError) {
            server = error.serverRecord?["value"]?.intValue
            client = error.clientRecord?["value"]?.intValue
            ancestor = error.ancestorRecord?["value"]?.intValue
        }
    }

    /// Saves `value` on top of a record the server has moved past: a conflict.
    private static func conflict(_ server: CloudKitRecordServer, stale: CloudRecord, value: Int64) -> CloudKitError? {
        switch server.saveSingle(
            CloudRecordEdit(stale, setting: "value", to: .int(value)), policy: .ifServerRecordUnchanged,
            requester: "phone")
        {
        case .itemError(let error), .operationError(let error): error
        case .record: nil
        }
    }

    /// Every other conflict's error is kept and the rest dropped, across several times the pool's size;
    /// each kept error still carries its own records, and changing one leaves the others as they were.
    @Test(arguments: [false, true])
    func keptConflictErrorsKeepTheirOwnRecords(dropEveryOther: Bool) throws {
        let server = Self.makeServer()
        let first = try #require(
            server.saveSingle(
                CloudRecord(recordType: "Counter", recordID: Self.counterID, fields: ["value": .int(0)]),
                policy: .ifServerRecordUnchanged, requester: "phone"
            ).record)
        var current = first
        var stale = first
        var kept: [(error: CloudKitError, seen: Seen)] = []
        for value in Int64(1)...40 {
            let saved = try #require(
                server.saveSingle(
                    CloudRecordEdit(current, setting: "value", to: .int(value * 100)),
                    policy: .ifServerRecordUnchanged, requester: "tablet"
                ).record)
            let error = try #require(Self.conflict(server, stale: stale, value: value))
            #expect(error.code == .serverRecordChanged)
            let seen = Seen(error)
            #expect(seen == Seen(server: value * 100, client: value, ancestor: stale["value"]?.intValue))
            if !dropEveryOther || value % 2 == 0 { kept.append((error, seen)) }
            stale = current
            current = saved
        }
        for (error, seen) in kept { #expect(Seen(error) == seen) }
        var changed = kept[0].error
        changed.serverRecord = nil
        changed.clientRecord = nil
        #expect(Seen(changed) == Seen(server: nil, client: nil, ancestor: kept[0].seen.ancestor))
        for (error, seen) in kept { #expect(Seen(error) == seen) }
        let next = try #require(Self.conflict(server, stale: first, value: 7))
        #expect(Seen(next).server == 4_000)
        for (error, seen) in kept { #expect(Seen(error) == seen) }
    }
}

extension SingleRecordAnswer {
    fileprivate var record: CloudRecord? {
        if case .record(let record) = self { record } else { nil }
    }
}
