import Testing

@testable import SimulateCloudKit
@testable import SimulateCore

private let zone = CloudZoneID("Counters")
private let counterID = CloudRecordID(recordName: "displayId", zoneID: zone)

private func makeServer() -> CloudKitRecordServer {
    makeTestServer(zone: zone).server
}

/// The record or the error of an answer, for comparing two answers.
private func outcome(_ answer: SingleRecordAnswer) -> Result<CloudRecord, CloudKitError> {
    switch answer {
    case .record(let record): .success(record)
    case .itemError(let error), .operationError(let error): .failure(error)
    }
}

/// A save sent as the record it was read as and one changed field answers exactly as the changed record
/// sent whole: the same saved record, the same conflict with the same server, client and ancestor records.
@Test(arguments: [CloudSavePolicy.ifServerRecordUnchanged, .changedKeys, .allKeys])
func aSavedEditAnswersAsTheChangedRecord(policy: CloudSavePolicy) throws {
    let whole = makeServer()
    let edited = makeServer()
    let first = CloudRecord(
        recordType: "Counter", recordID: counterID, fields: ["value": .int(0), "note": .string("a")])
    let created = try outcome(whole.saveSingle(first, policy: policy, requester: "phone")).get()
    #expect(try outcome(edited.saveSingle(first, policy: policy, requester: "phone")).get() == created)
    // Two devices read the same version; each increments it. The second save is stale.
    var reads = [created, created, created]
    for (step, value) in [Int64(1), 2, 3].enumerated() {
        let edit = CloudRecordEdit(reads[step], setting: "value", to: .int(value))
        let wholeAnswer = outcome(whole.saveSingle(edit.record, policy: policy, requester: "phone"))
        let editAnswer = outcome(edited.saveSingle(edit, policy: policy, requester: "phone"))
        switch (wholeAnswer, editAnswer) {
        case (.success(let a), .success(let b)):
            #expect(a == b)
            #expect(b["value"] == .int(value))
            #expect(b.changedKeys.isEmpty)
        case (.failure(let a), .failure(let b)):
            #expect(a == b)
            #expect(b.code == .serverRecordChanged)
            #expect(b.clientRecord == edit.record)
            #expect(b.clientRecord?.changedKeys == ["value"])
            #expect(b.serverRecord == whole.record(counterID))
            #expect(b.ancestorRecord == created)
        default:
            Issue.record("step \(step): \(wholeAnswer) against \(editAnswer)")
        }
        #expect(whole.record(counterID) == edited.record(counterID))
        if step == 0, let saved = try? editAnswer.get() { reads[2] = saved }
    }
}

/// A conflict's client record made from an edit is a value like any other: setting it replaces the edit.
@Test func aConflictsClientRecordFromAnEditCanBeReplaced() throws {
    let server = makeServer()
    let base = try outcome(
        server.saveSingle(
            CloudRecord(recordType: "Counter", recordID: counterID, fields: ["value": .int(0)]),
            policy: .ifServerRecordUnchanged, requester: nil)
    ).get()
    _ = server.saveSingle(
        CloudRecordEdit(base, setting: "value", to: .int(1)), policy: .ifServerRecordUnchanged, requester: nil)
    var error = try #require(
        outcome(
            server.saveSingle(
                CloudRecordEdit(base, setting: "value", to: .int(5)), policy: .ifServerRecordUnchanged, requester: nil)
        ).failure)
    var expected = base
    expected["value"] = .int(5)
    #expect(error.clientRecord == expected)
    let copy = error
    error.clientRecord = base
    #expect(error.clientRecord == base)
    #expect(copy.clientRecord == expected)
    #expect(copy != error)
}

/// Saves of two records in turn, the same names in two zones among them: each save is checked against its
/// own record on the server (the server's last lookup answers only for the same ID).
@Test func savesOfRecordsInTurnEachMeetTheirOwnServerRecord() throws {
    let server = makeServer()
    let other = CloudZoneID("Other")
    server.saveZone(CloudZone(zoneID: other))
    let ids = [
        counterID, CloudRecordID(recordName: "displayId", zoneID: other), CloudRecordID(recordName: "b", zoneID: zone),
    ]
    var read: [CloudRecord] = []
    for (index, id) in ids.enumerated() {
        read.append(
            try outcome(
                server.saveSingle(
                    CloudRecord(recordType: "Counter", recordID: id, fields: ["value": .int(Int64(index) * 10)]),
                    policy: .ifServerRecordUnchanged, requester: nil)
            ).get())
    }
    for round in Int64(1)...3 {
        for (index, id) in ids.enumerated() {
            let saved = try outcome(
                server.saveSingle(
                    CloudRecordEdit(read[index], setting: "value", to: .int(Int64(index) * 10 + round)),
                    policy: .ifServerRecordUnchanged, requester: nil)
            ).get()
            #expect(saved.recordID == id)
            #expect(server.record(id) == saved)
            // The version read before this save is stale now: saving it again conflicts with this record.
            let error = try #require(
                outcome(
                    server.saveSingle(
                        CloudRecordEdit(read[index], setting: "value", to: .int(-1)), policy: .ifServerRecordUnchanged,
                        requester: nil)
                ).failure)
            #expect(error.serverRecord == saved)
            read[index] = saved
        }
    }
}
