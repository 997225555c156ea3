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

    func fault(_ server: CloudKitRecordServer, _ error: String, ordinal: Int = 1) {
        let occurrence = FaultOccurrence(
            kind: .serverError, start: .start, end: nil, deviceIDs: ["phone"], latency: nil, loss: nil,
            plugin: nil, server: "cloudkit", error: error, ordinal: ordinal)
        server.serverErrorChanged(occurrence, active: true)
        server.serverErrorChanged(occurrence, active: false)
    }

    /// A token is a point in the history: a zone made after it and purged is reported purged, and a purge stays a
    /// purge whatever happened to the zone after it (made again, deleted again).
    @Test func aPurgeAfterTheTokenIsReportedWhetherOrNotTheTokenSawTheZone() throws {
        let server = makeTestServer(zone: notes).server
        let early = try changes(server, since: nil).token
        server.saveZone(CloudZone(zoneID: tags))
        let seen = try changes(server, since: early).token
        fault(server, "userDeletedZone")
        server.saveZone(CloudZone(zoneID: tags))
        server.deleteZone(tags)
        for token in [early, seen] {
            let page = try changes(server, since: token)
            #expect(
                Set(page.deletions)
                    == [
                        CloudZoneDeletion(zoneID: notes, reason: .purged),
                        CloudZoneDeletion(zoneID: tags, reason: .purged),
                    ])
        }
        let after = try changes(server, since: seen).token
        server.saveZone(CloudZone(zoneID: tags))
        server.deleteZone(tags)
        #expect(try changes(server, since: after).deletions == [CloudZoneDeletion(zoneID: tags, reason: .deleted)])
    }

    /// `changeTokenExpired` expires database tokens too: the engine's path back to a fresh fetch is exercised.
    @Test func aChangeTokenExpiredFaultExpiresDatabaseTokens() throws {
        let server = makeTestServer(zone: notes).server
        let token = try changes(server, since: nil).token
        fault(server, "changeTokenExpired")
        #expect(server.databaseChanges(since: token).failure?.code == .changeTokenExpired)
        let fresh = try changes(server, since: nil)
        #expect(fresh.modifiedZoneIDs == [notes])
        #expect(server.databaseChanges(since: fresh.token).failure == nil)
    }

    @Test func expiredZoneTokensAreNotAZoneDeletion() throws {
        let server = makeTestServer(zone: notes).server
        let token = try changes(server, since: nil).token
        server.expireChangeTokens(in: notes)
        let page = try changes(server, since: token)
        #expect(page.deletions.isEmpty && page.modifiedZoneIDs.isEmpty)
    }

    /// Deletions come in pages with the zones: a page names each zone once, and the next goes on after it.
    @Test func deletionsArePagedWithTheirZones() throws {
        let server = makeTestServer(zone: notes).server
        for name in ["B", "C", "D"] { server.saveZone(CloudZone(zoneID: CloudZoneID(name))) }
        let token = try changes(server, since: nil).token
        fault(server, "zoneNotFound")
        let first = try changes(server, since: token, limit: 3)
        let second = try changes(server, since: first.token, limit: 3)
        #expect(first.moreComing && !second.moreComing)
        #expect((first.deletions + second.deletions).map(\.zoneID.zoneName) == ["B", "C", "D", "Notes"])
        #expect(try changes(server, since: second.token).deletions.isEmpty)
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
