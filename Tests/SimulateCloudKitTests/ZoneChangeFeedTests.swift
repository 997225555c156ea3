import SimulateCore
import Testing

@testable import SimulateCloudKit

private let zone = CloudZoneID("Items")

private func makeServer() -> CloudKitRecordServer {
    makeTestServer(zone: zone, seed: 5).server
}

private func item(_ name: String, _ value: Int) -> CloudRecord {
    CloudRecord(
        recordType: "Item", recordID: CloudRecordID(recordName: name, zoneID: zone), fields: ["n": .int(Int64(value))])
}

private func save(_ server: CloudKitRecordServer, _ records: [CloudRecord]) {
    _ = server.modify(saving: records, savePolicy: .allKeys)
}

private func delete(_ server: CloudKitRecordServer, _ names: [String]) {
    _ = server.modify(saving: [], deleting: names.map { CloudRecordID(recordName: $0, zoneID: zone) })
}

/// A feed and what `fetchChanges` without a limit answered when it opened.
private struct OpenFeed {
    let feed: ZoneChangeFeed
    let expected: CloudZoneChanges

    init(_ server: CloudKitRecordServer, since: CloudChangeToken?) throws {
        expected = try server.fetchChanges(in: zone, since: since, resultsLimit: Int.max).get()
        feed = try server.openChangeFeed(in: zone, since: since).get()
        #expect(feed.changedCount == expected.changedRecords.count)
        #expect(feed.deletedCount == expected.deletedRecordIDs.count)
        #expect(feed.token == expected.token)
    }

    func check(offset: Int, end: Int) {
        let page = feed.page(offset: offset, end: end)
        let changed = expected.changedRecords.count
        // A version is its name and change tag.
        let versions = { (records: ArraySlice<CloudRecord>) in
            records.map { "\($0.recordID.recordName)#\($0.changeTag?.rawValue ?? 0)" }
        }
        #expect(
            versions(page.records[...]) == versions(expected.changedRecords[min(offset, changed)..<min(end, changed)]))
        let deletions = max(offset, changed) - changed..<max(end, changed) - changed
        #expect(page.deletions.map(\.recordName) == expected.deletedRecordIDs[deletions].map(\.recordName))
    }
}

@Test func aFeedHandsOutTheZoneAsItStoodWhenItOpened() throws {
    let server = makeServer()
    save(server, (0..<6).map { item("r\($0)", 0) })
    delete(server, ["r5"])
    let open = try OpenFeed(server, since: nil)
    #expect(open.feed.changedCount == 5)
    #expect(open.feed.deletedCount == 1)
    #expect(open.feed.token == open.expected.token)
    open.check(offset: 0, end: 2)
    save(server, [item("r2", 1), item("r9", 1)])
    delete(server, ["r3"])
    open.check(offset: 2, end: 4)
    open.check(offset: 2, end: 4)
    open.check(offset: 4, end: 6)
    open.check(offset: 0, end: 6)
    let later = try server.fetchChanges(in: zone, since: open.feed.token, resultsLimit: Int.max).get()
    #expect(later.changedRecords.map(\.recordID.recordName) == ["r2", "r9"])
    #expect(later.deletedRecordIDs.map(\.recordName) == ["r3"])
}

@Test func aDeletedZonesOpenFeedStillHandsOutItsPages() throws {
    let server = makeServer()
    save(server, (0..<4).map { item("r\($0)", 0) })
    let open = try OpenFeed(server, since: nil)
    open.check(offset: 0, end: 1)
    server.deleteZone(zone)
    open.check(offset: 1, end: 4)
    open.check(offset: 0, end: 4)
    guard case .failure(let error) = server.openChangeFeed(in: zone, since: nil) else {
        Issue.record("a deleted zone's feed opened")
        return
    }
    #expect(error.code == .zoneNotFound)
}

/// Random saves, overwrites and deletions between the pages of feeds opened at random moments and asked for
/// pages in order, again, or anywhere: every page is what the fetch without a limit answered at the opening.
/// Thousands of superseded entries make the log drop them while feeds are open.
@Test(arguments: 0..<12) func feedsMatchTheFetchAtTheirOpening(seed: UInt64) throws {
    var random = SeededRandom(seed: seed)
    let server = makeServer()
    var feeds: [OpenFeed] = []
    var offsets: [Int] = []
    var tokens: [CloudChangeToken?] = [nil]
    for step in 0..<3_000 {
        let name = "r\(Int.random(in: 0..<300, using: &random))"
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<6: save(server, [item(name, step)])
        case 6: delete(server, [name])
        case 7:
            let open = try OpenFeed(server, since: tokens.randomElement(using: &random)!)
            tokens.append(open.feed.token)
            if feeds.count < 4 {
                feeds.append(open)
                offsets.append(0)
            }
        default:
            guard !feeds.isEmpty else { continue }
            let which = Int.random(in: 0..<feeds.count, using: &random)
            let count = feeds[which].feed.count
            let offset =
                Int.random(in: 0..<4, using: &random) == 0 ? Int.random(in: 0...count, using: &random) : offsets[which]
            let end = min(count, offset + Int.random(in: 1...40, using: &random))
            feeds[which].check(offset: offset, end: end)
            offsets[which] = end
            if end == count {
                feeds.remove(at: which)
                offsets.remove(at: which)
            }
        }
    }
    for open in feeds { open.check(offset: 0, end: open.feed.count) }
}
