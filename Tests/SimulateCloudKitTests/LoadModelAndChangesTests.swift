import Foundation
import SimulateCore
import Testing

@testable import SimulateCloudKit

private let zone = CloudZoneID("Items")

private func makeServer(_ loadModel: CloudKitLoadModel = .unlimited) -> (CloudKitRecordServer, Scheduler) {
    makeTestServer(zone: zone, loadModel: loadModel, seed: 3)
}

private func item(_ name: String) -> CloudRecord {
    CloudRecord(recordType: "Item", recordID: CloudRecordID(recordName: name, zoneID: zone), fields: ["n": .int(1)])
}

private func error<T>(_ result: Result<T, CloudKitError>) -> CloudKitError? {
    if case .failure(let error) = result { error } else { nil }
}

@Test func rateLimitAnswersRetryAfterAndBlocksUntilItPasses() throws {
    let limit = CloudKitLoadModel.RateLimit(
        requestsPerSecond: 1, burst: 1, retryAfterSeconds: 23, penalizeEarlyRequests: false)
    let (server, scheduler) = makeServer(CloudKitLoadModel(rateLimit: limit))
    #expect(error(server.fetch(recordIDs: [], requester: "phone")) == nil)
    let limited = try #require(error(server.fetch(recordIDs: [], requester: "phone")))
    #expect(limited.code == .requestRateLimited)
    #expect(limited.retryAfterSeconds == 23)
    #expect(error(server.fetch(recordIDs: [], requester: "ipad")) == nil)
    try scheduler.run(through: VirtualInstant(nanoseconds: 23_000_000_000))
    #expect(error(server.fetch(recordIDs: [], requester: "phone")) == nil)
}

@Test func earlyRequestsRestartTheBlockWhenPenalized() throws {
    let limit = CloudKitLoadModel.RateLimit(requestsPerSecond: 1, retryAfterSeconds: 23)
    let (server, scheduler) = makeServer(CloudKitLoadModel(rateLimit: limit))
    _ = server.fetch(recordIDs: [], requester: "phone")
    _ = server.fetch(recordIDs: [], requester: "phone")
    try scheduler.run(through: VirtualInstant(nanoseconds: 20_000_000_000))
    #expect(error(server.fetch(recordIDs: [], requester: "phone"))?.retryAfterSeconds == 23)
}

@Test func concurrentWritesMakeTheZoneBusy() {
    let busy = CloudKitLoadModel.ZoneBusy(writes: 2, window: .seconds(1), retryAfterSeconds: 1)
    let (server, _) = makeServer(CloudKitLoadModel(zoneBusy: busy))
    #expect(error(server.modify(saving: [item("a")])) == nil)
    #expect(error(server.modify(saving: [item("b")])) == nil)
    #expect(error(server.modify(saving: [item("c")]))?.code == .zoneBusy)
    #expect(error(server.modify(saving: [item("c")]))?.retryAfterSeconds == 1)
}

@Test func changeFeedPagesChangesAndTombstones() throws {
    let (server, _) = makeServer()
    _ = server.modify(saving: [item("a"), item("b"), item("c")])
    _ = server.modify(saving: [], deleting: [item("b").recordID])
    let first = try server.fetchChanges(in: zone, since: nil, resultsLimit: 1).get()
    #expect(first.changedRecords.map(\.recordID.recordName) == ["a"])
    #expect(first.moreComing)
    let rest = try server.fetchChanges(in: zone, since: first.token).get()
    #expect(rest.changedRecords.map(\.recordID.recordName) == ["c"])
    #expect(rest.deletedRecordIDs.map(\.recordName) == ["b"])
    #expect(!rest.moreComing)
    let none = try server.fetchChanges(in: zone, since: rest.token).get()
    #expect(none.changedRecords.isEmpty && none.deletedRecordIDs.isEmpty)
}

@Test func expiredTokensAndDeletedZonesFailWithTheirCodes() throws {
    let (server, _) = makeServer()
    _ = server.modify(saving: [item("a")])
    let token = try server.fetchChanges(in: zone, since: nil).get().token
    server.expireChangeTokens(in: zone)
    #expect(error(server.fetchChanges(in: zone, since: token))?.code == .changeTokenExpired)
    #expect(error(server.fetchChanges(in: zone, since: nil)) == nil)
    server.deleteZone(zone, byUser: true)
    #expect(error(server.fetchChanges(in: zone, since: nil))?.code == .userDeletedZone)
    #expect((try server.modify(saving: [item("x")]).get()).saveResults[0].error?.code == .userDeletedZone)
    #expect(error(server.fetchChanges(in: CloudZoneID("Nope"), since: nil))?.code == .zoneNotFound)
}

/// A token of a deleted zone is expired once the zone is made again, however many records each held: read
/// against the new zone's history it would skip the new zone's first changes.
@Test func aTokenFromBeforeTheZoneWasMadeAgainIsExpired() throws {
    let (server, _) = makeServer()
    _ = server.modify(saving: [item("a"), item("b")])
    let token = try server.fetchChanges(in: zone, since: nil).get().token
    server.deleteZone(zone)
    server.saveZone(CloudZone(zoneID: zone))
    _ = server.modify(saving: [item("new1"), item("new2"), item("new3")])
    #expect(error(server.fetchChanges(in: zone, since: token))?.code == .changeTokenExpired)
    let fresh = try server.fetchChanges(in: zone, since: nil).get()
    #expect(fresh.changedRecords.map(\.recordID.recordName) == ["new1", "new2", "new3"])
    #expect(try server.fetchChanges(in: zone, since: fresh.token).get().changedRecords.isEmpty)
}

/// An app keeps its token across launches: encoded and decoded, it fetches on where it left off; a device's
/// CloudKit token is refused by the simulation.
@Test func aChangeTokenKeptAcrossLaunchesStillWorks() throws {
    let (server, _) = makeServer()
    _ = server.modify(saving: [item("a")])
    let token = try server.fetchChanges(in: zone, since: nil).get().token
    _ = server.modify(saving: [item("b")])
    let kept = try JSONDecoder().decode(CloudChangeToken.self, from: try JSONEncoder().encode(token))
    #expect(kept == token)
    #expect(try server.fetchChanges(in: zone, since: kept).get().changedRecords.map(\.recordID.recordName) == ["b"])
    let device = CloudChangeToken(zoneID: zone, archivedServerToken: [1, 2, 3])
    #expect(error(server.fetchChanges(in: zone, since: device))?.code == .changeTokenExpired)
}

@Test func retryAfterReadsAsADurationWithoutTrappingOnAnySeconds() {
    #expect(CloudKitLoadModel.RateLimit(requestsPerSecond: 1, retryAfterSeconds: 23).retryAfter == .seconds(23))
    #expect(
        CloudKitLoadModel.ZoneBusy(writes: 1, window: .seconds(1), retryAfterSeconds: 0.25).retryAfter
            == .milliseconds(250))
    #expect(CloudKitLoadModel.ServiceUnavailable(probability: 0, retryAfterSeconds: .nan).retryAfter == .zero)
    #expect(CloudKitLoadModel.RateLimit(requestsPerSecond: 1, retryAfterSeconds: 1e300).retryAfter == .infinite)
}
