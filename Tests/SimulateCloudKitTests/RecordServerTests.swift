import Testing

@testable import SimulateCloudKit
@testable import SimulateCore

private let zone = CloudZoneID("Counters")
private let counterID = CloudRecordID(recordName: "displayId", zoneID: zone)

private func makeServer(_ loadModel: CloudKitLoadModel = .unlimited) -> (CloudKitRecordServer, Scheduler) {
    makeTestServer(zone: zone, loadModel: loadModel)
}

private func counter(_ value: Int64, id: CloudRecordID = counterID) -> CloudRecord {
    CloudRecord(recordType: "Counter", recordID: id, fields: ["value": .int(value)])
}

private func saved(_ result: Result<CloudModifyResult, CloudKitError>) -> CloudRecord? {
    (try? result.get())?.saveResults.first?.record
}

@Test func savingRenewsTheChangeTag() throws {
    let (server, _) = makeServer()
    let first = try #require(saved(server.modify(saving: [counter(0)])))
    var next = first
    next["value"] = .int(1)
    let second = try #require(saved(server.modify(saving: [next])))
    #expect(first.changeTag != nil)
    #expect(second.changeTag != first.changeTag)
    #expect(server.record(counterID)?["value"] == .int(1))
}

@Test func staleChangeTagFailsWithServerClientAndAncestorRecords() throws {
    let (server, _) = makeServer()
    let base = try #require(saved(server.modify(saving: [counter(0)])))
    var winner = base
    winner["value"] = .int(1)
    _ = server.modify(saving: [winner])
    var loser = base
    loser["value"] = .int(1)
    let result = try server.modify(saving: [loser]).get()
    let error = try #require(result.error?.error(for: counterID))
    #expect(result.error?.code == .partialFailure)
    #expect(error.code == .serverRecordChanged)
    #expect(error.serverRecord?["value"] == .int(1))
    #expect(error.clientRecord == loser)
    #expect(error.ancestorRecord?.changeTag == base.changeTag)
    #expect(error.ancestorRecord?["value"] == .int(0))
}

@Test func insertingAnExistingRecordIsAConflictAndUpdatingAMissingOneIsUnknownItem() throws {
    let (server, _) = makeServer()
    let base = try #require(saved(server.modify(saving: [counter(0)])))
    let duplicate = try server.modify(saving: [counter(5)]).get()
    #expect(duplicate.saveResults[0].error?.code == .serverRecordChanged)
    _ = server.modify(saving: [], deleting: [counterID])
    let missing = try server.modify(saving: [base]).get()
    #expect(missing.saveResults[0].error?.code == .unknownItem)
}

@Test func changedKeysWritesOnlyChangedKeysAndAllKeysWritesEveryKeyTheClientHolds() throws {
    let (server, _) = makeServer()
    var record = counter(0)
    record["owner"] = .string("phone")
    let base = try #require(saved(server.modify(saving: [record])))
    var other = base
    other["owner"] = .string("ipad")
    _ = server.modify(saving: [other])

    var stale = base
    stale["value"] = .int(9)
    _ = server.modify(saving: [stale], savePolicy: .changedKeys)
    #expect(server.record(counterID)?["owner"] == .string("ipad"))
    #expect(server.record(counterID)?["value"] == .int(9))

    // RecordSavePolicy.allKeys: the client's keys overwrite, keys only the server holds are kept.
    let replacement = CloudRecord(recordType: "Counter", recordID: counterID, fields: ["value": .int(3)])
    _ = server.modify(saving: [replacement], savePolicy: .allKeys)
    #expect(server.record(counterID)?.fields == ["value": .int(3), "owner": .string("ipad")])
}

@Test func allKeysRemovesAKeyTheClientRemovedAndKeepsTheOnesItNeverHeld() throws {
    let (server, _) = makeServer()
    var record = counter(0)
    record["owner"] = .string("phone")
    record["note"] = .string("x")
    _ = server.modify(saving: [record])
    var partial = CloudRecord(
        recordType: "Counter", recordID: counterID, fields: ["value": .int(1), "note": .string("y")])
    partial["note"] = nil
    _ = server.modify(saving: [partial], savePolicy: .allKeys)
    #expect(server.record(counterID)?.fields == ["value": .int(1), "owner": .string("phone")])
}

@Test func atomicityIsPerZone() throws {
    // CKModifyRecordsOperation.isAtomic: a failure leaves the other records of *that zone* unchanged.
    let (server, _) = makeServer()
    let other = CloudZoneID("Other")
    server.saveZone(CloudZone(zoneID: other))
    let base = try #require(saved(server.modify(saving: [counter(0)])))
    _ = server.modify(saving: [base])  // renews the tag: `base` is now stale
    let sameZone = counter(1, id: CloudRecordID(recordName: "same", zoneID: zone))
    let otherZone = counter(2, id: CloudRecordID(recordName: "elsewhere", zoneID: other))
    let defaultZone = counter(3, id: CloudRecordID(recordName: "loose"))
    let result = try server.modify(saving: [sameZone, base, otherZone, defaultZone]).get()
    #expect(result.saveResults[0].error?.code == .batchRequestFailed)
    #expect(result.saveResults[1].error?.code == .serverRecordChanged)
    #expect(result.saveResults[2].record != nil)
    #expect(result.saveResults[3].record != nil)
    #expect(server.record(sameZone.recordID) == nil)
    #expect(server.record(otherZone.recordID)?["value"] == .int(2))
    #expect(result.error?.partialErrors.keys.sorted() == [counterID, sameZone.recordID].sorted())
}

@Test func deletesInAnAtomicZoneWithAFailureAreNotApplied() throws {
    let (server, _) = makeServer()
    let other = CloudZoneID("Other")
    server.saveZone(CloudZone(zoneID: other))
    let keep = counter(1, id: CloudRecordID(recordName: "keep", zoneID: zone))
    let gone = counter(2, id: CloudRecordID(recordName: "gone", zoneID: other))
    _ = server.modify(saving: [keep, gone])
    let missing = CloudRecordID(recordName: "missing", zoneID: zone)
    let result = try server.modify(saving: [], deleting: [keep.recordID, missing, gone.recordID]).get()
    #expect(result.deleteResults.map { $0.error?.code } == [.batchRequestFailed, .unknownItem, nil])
    #expect(server.record(keep.recordID) != nil)
    #expect(server.record(gone.recordID) == nil)
}

@Test func quotaExceededAndConflictsWithoutTheServerRecordAreServerErrors() throws {
    let (server, _) = makeServer()
    let base = try #require(saved(server.modify(saving: [counter(0)])))
    _ = server.modify(saving: [base])
    let quota = FaultOccurrence(
        kind: .serverError, start: .start, end: nil, deviceIDs: ["phone"], latency: nil, loss: nil,
        plugin: nil, server: "cloudkit", error: "quotaExceeded", ordinal: 1)
    server.serverErrorChanged(quota, active: true)
    let full = try server.modify(
        saving: [counter(5, id: CloudRecordID(recordName: "new", zoneID: zone))], requester: "phone"
    ).get()
    #expect(full.saveResults[0].error?.code == .quotaExceeded)
    #expect(full.saveResults[0].error?.code.rawValue == 25)
    let elsewhere = try server.modify(
        saving: [counter(5, id: CloudRecordID(recordName: "new", zoneID: zone))], requester: "ipad"
    ).get()
    #expect(elsewhere.error == nil)
    server.serverErrorChanged(quota, active: false)

    let bare = FaultOccurrence(
        kind: .serverError, start: .start, end: nil, deviceIDs: ["phone"], latency: nil, loss: nil,
        plugin: nil, server: "cloudkit", error: "serverRecordChangedWithoutRecord", ordinal: 2)
    server.serverErrorChanged(bare, active: true)
    let conflict = try server.modify(saving: [base], requester: "phone").get()
    let error = try #require(conflict.saveResults[0].error)
    #expect(error.code == .serverRecordChanged)
    #expect(error.serverRecord == nil)
    #expect(error.clientRecord == base)
    let usual = try server.modify(saving: [base], requester: "ipad").get()
    #expect(usual.saveResults[0].error?.serverRecord != nil)
}

@Test func atomicZoneCommitsAllOrNothing() throws {
    let (server, _) = makeServer()
    let base = try #require(saved(server.modify(saving: [counter(0)])))
    _ = server.modify(saving: [base])  // renews the tag: `base` is now stale
    let fresh = counter(1, id: CloudRecordID(recordName: "other", zoneID: zone))
    let result = try server.modify(saving: [fresh, base]).get()
    #expect(result.saveResults[0].error?.code == .batchRequestFailed)
    #expect(result.saveResults[1].error?.code == .serverRecordChanged)
    #expect(server.record(fresh.recordID) == nil)
}

@Test func defaultZoneSavesTheGoodItemsOfAPartialFailure() throws {
    let (server, _) = makeServer()
    let defaultID = CloudRecordID(recordName: "displayId")
    let base = try #require(saved(server.modify(saving: [counter(0, id: defaultID)])))
    _ = server.modify(saving: [base])
    let fresh = counter(1, id: CloudRecordID(recordName: "other"))
    let result = try server.modify(saving: [fresh, base]).get()
    #expect(result.error?.code == .partialFailure)
    #expect(result.error?.partialErrors.keys.sorted() == [defaultID])
    #expect(result.saveResults[0].record != nil)
}

@Test func moreThan400RecordsIsLimitExceeded() {
    let (server, _) = makeServer()
    let records = (0..<401).map { counter(0, id: CloudRecordID(recordName: "r\($0)", zoneID: zone)) }
    #expect(throws: CloudKitError.self) { try server.modify(saving: records).get() }
    if case .failure(let error) = server.modify(saving: records) { #expect(error.code == .limitExceeded) }
    #expect((try? server.modify(saving: Array(records.prefix(400))).get())?.error == nil)
}

@Test func fetchingAMissingRecordIsUnknownItemInsideAPartialFailure() throws {
    let (server, _) = makeServer()
    let result = try server.fetch(recordIDs: [counterID]).get()
    #expect(result.error?.code == .partialFailure)
    #expect(result.results[0].error?.code == .unknownItem)
}

@Test(arguments: [
    (CloudKitErrorCode.partialFailure, 2), (.networkUnavailable, 3), (.networkFailure, 4), (.serviceUnavailable, 6),
    (.requestRateLimited, 7), (.unknownItem, 11), (.serverRecordChanged, 14), (.changeTokenExpired, 21),
    (.batchRequestFailed, 22), (.zoneBusy, 23), (.quotaExceeded, 25), (.zoneNotFound, 26), (.limitExceeded, 27),
    (.userDeletedZone, 28),
])
func errorCodesHaveCloudKitsNumbers(code: CloudKitErrorCode, number: Int) {
    #expect(code.rawValue == number)
    #expect(CloudKitErrorCode(rawValue: number)?.description == "\(code)")
}
