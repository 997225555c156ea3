import Foundation
import Testing

@testable import SimulateCloudKit
@testable import SimulateCore

/// `CKDatabase.databaseChanges(since:)` on the simulated server: the zones an engine must fetch, and the zones it
/// must forget — deleted by an app, or purged by the user (field report 8).
@Suite struct DatabaseChangesTests {
    let notes = CloudZoneID("Notes")
    let tags = CloudZoneID("Tags")

    func record(_ name: String, in zone: CloudZoneID) -> CloudRecord {
        CloudRecord(recordType: "Item", recordID: CloudRecordID(recordName: name, zoneID: zone), fields: ["n": .int(1)])
    }

    func changes(_ server: CloudKitRecordServer, since token: CloudDatabaseChangeToken?, limit: Int = 400) throws
        -> CloudDatabaseChanges
    {
        try server.databaseChanges(since: token, resultsLimit: limit).get()
    }

    @Test func aZoneIsReportedWhenMadeAndWhenItsRecordsChangeAndNotOtherwise() throws {
        let server = makeTestServer(zone: notes).server
        let first = try changes(server, since: nil)
        #expect(first.modifiedZoneIDs == [notes] && first.deletions.isEmpty && !first.moreComing)
        #expect(try changes(server, since: first.token).modifiedZoneIDs.isEmpty)
        server.saveZone(CloudZone(zoneID: tags))
        _ = server.modify(saving: [record("a", in: notes)])
        let second = try changes(server, since: first.token)
        #expect(second.modifiedZoneIDs == [notes, tags])
        _ = server.modify(saving: [record("t", in: tags)])
        _ = server.modify(saving: [record("d", in: CloudZoneID.defaultZone)])
        #expect(try changes(server, since: second.token).modifiedZoneIDs == [tags])
    }

    @Test(arguments: [("zoneNotFound", CloudZoneDeletionReason.deleted), ("userDeletedZone", .purged)])
    func aZoneDeletedUnderTheAppIsReportedWithItsReason(fault: String, reason: CloudZoneDeletionReason) throws {
        let server = makeTestServer(zone: notes).server
        let token = try changes(server, since: nil).token
        server.serverErrorChanged(
            FaultOccurrence(
                kind: .serverError, start: .start, end: nil, deviceIDs: ["phone"], latency: nil, loss: nil,
                plugin: nil, server: "cloudkit", error: fault, ordinal: 1),
            active: true)
        let gone = try changes(server, since: token)
        #expect(gone.deletions == [CloudZoneDeletion(zoneID: notes, reason: reason)])
        #expect(gone.modifiedZoneIDs.isEmpty)
        #expect(try changes(server, since: gone.token).deletions.isEmpty)
        // Made again by another device before this one fetched: gone (its old tokens are expired) and new.
        server.saveZone(CloudZone(zoneID: notes))
        let again = try changes(server, since: token)
        #expect(again.deletions == [CloudZoneDeletion(zoneID: notes, reason: reason)])
        #expect(again.modifiedZoneIDs == [notes])
    }

    @Test func expiredZoneTokensAreNotAZoneDeletion() throws {
        let server = makeTestServer(zone: notes).server
        let token = try changes(server, since: nil).token
        server.expireChangeTokens(in: notes)
        let page = try changes(server, since: token)
        #expect(page.deletions.isEmpty && page.modifiedZoneIDs.isEmpty)
    }

    @Test func pagesFollowTheLimitAndATokenKeptAcrossLaunchesGoesOn() throws {
        let server = makeTestServer(zone: notes).server
        for name in ["B", "C", "D"] { server.saveZone(CloudZone(zoneID: CloudZoneID(name))) }
        var token: CloudDatabaseChangeToken?
        var seen: [String] = []
        var pages = 0
        repeat {
            let page = try changes(server, since: token, limit: 3)
            seen += page.modifiedZoneIDs.map(\.zoneName)
            token = try JSONDecoder().decode(CloudDatabaseChangeToken.self, from: JSONEncoder().encode(page.token))
            pages += 1
            if !page.moreComing { break }
        } while pages < 5
        #expect(seen == ["B", "C", "D", "Notes"] && pages == 2)
        #expect(try changes(server, since: token).modifiedZoneIDs.isEmpty)
    }

    @Test func aDevicesTokenIsRefused() {
        let server = makeTestServer(zone: notes).server
        let device = CloudDatabaseChangeToken(archivedServerToken: [1, 2, 3])
        #expect(server.databaseChanges(since: device).failure?.code == .changeTokenExpired)
    }
}
