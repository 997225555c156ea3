import Testing

@testable import SimulateCloudKit
@testable import SimulateCore

/// The `serverError` faults of docs/cloudkit-record-server.md: account states, a rejected request, a lost answer to an
/// applied save, and zones deleted under the app.
@Suite struct AccountAndZoneFaultTests {
    let zone = CloudZoneID("Counters")

    func makeServer() -> CloudKitRecordServer {
        makeTestServer(zone: zone).server
    }

    func fault(_ error: String, ordinal: Int = 1) -> FaultOccurrence {
        FaultOccurrence(
            kind: .serverError, start: .start, end: nil, deviceIDs: ["phone"], latency: nil, loss: nil,
            plugin: nil, server: "cloudkit", error: error, ordinal: ordinal)
    }

    func record(_ name: String, _ value: Int64) -> CloudRecord {
        CloudRecord(
            recordType: "Counter", recordID: CloudRecordID(recordName: name, zoneID: zone),
            fields: ["value": .int(value)])
    }

    @Test(arguments: [
        ("notAuthenticated", CloudKitErrorCode.notAuthenticated, 9),
        ("accountTemporarilyUnavailable", .accountTemporarilyUnavailable, 36),
        ("serverRejectedRequest", .serverRejectedRequest, 15),
    ])
    func accountFaultsFailEveryOperationOfTheDevice(name: String, code: CloudKitErrorCode, number: Int) throws {
        let server = makeServer()
        server.serverErrorChanged(fault(name), active: true)
        #expect(code.rawValue == number)
        #expect(server.modify(saving: [record("a", 1)], requester: "phone").failure?.code == code)
        #expect(server.fetch(recordIDs: [record("a", 1).recordID], requester: "phone").failure?.code == code)
        #expect(server.fetchChanges(in: zone, since: nil, requester: "phone").failure?.code == code)
        #expect(server.record(record("a", 1).recordID) == nil)
        // Another device, and the same device once the fault ends, are served.
        #expect(server.modify(saving: [record("b", 1)], requester: "ipad").failure == nil)
        server.serverErrorChanged(fault(name), active: false)
        #expect(server.modify(saving: [record("a", 1)], requester: "phone").failure == nil)
    }

    @Test func serverResponseLostAppliesTheSave() throws {
        let server = makeServer()
        server.serverErrorChanged(fault("serverResponseLost"), active: true)
        let answer = server.modify(saving: [record("a", 1)], requester: "phone")
        #expect(answer.failure?.code == .serverResponseLost)
        #expect(server.record(record("a", 1).recordID)?["value"] == .int(1))
        // Saving the same record again (without the new change tag) is a conflict: the first save happened.
        let again = try server.modify(saving: [record("a", 2)], requester: "ipad").get()
        #expect(again.saveResults[0].error?.code == .serverRecordChanged)
        #expect(server.fetch(recordIDs: [record("a", 1).recordID], requester: "phone").failure == nil)
    }

    @Test(arguments: [("zoneNotFound", CloudKitErrorCode.zoneNotFound), ("userDeletedZone", .userDeletedZone)])
    func zoneFaultsDeleteTheZones(name: String, code: CloudKitErrorCode) throws {
        let server = makeServer()
        _ = server.modify(saving: [record("a", 1)])
        server.serverErrorChanged(fault(name), active: true)
        #expect(server.record(record("a", 1).recordID) == nil)
        let save = try server.modify(saving: [record("b", 1)], requester: "ipad").get()
        #expect(save.saveResults[0].error?.code == code)
        #expect(server.fetchChanges(in: zone, since: nil).failure?.code == code)
        server.saveZone(CloudZone(zoneID: zone))
        #expect(try server.modify(saving: [record("b", 1)]).get().error == nil)
    }

    @Test func changeTokenExpiredExpiresEveryTokenSoFar() throws {
        let server = makeServer()
        _ = server.modify(saving: [record("a", 1)])
        let token = try server.fetchChanges(in: zone, since: nil).get().token
        server.serverErrorChanged(fault("changeTokenExpired"), active: true)
        server.serverErrorChanged(fault("changeTokenExpired"), active: false)
        #expect(server.fetchChanges(in: zone, since: token).failure?.code == .changeTokenExpired)
        let fresh = try server.fetchChanges(in: zone, since: nil).get()
        #expect(fresh.changedRecords.map(\.recordID.recordName) == ["a"])
        #expect(server.fetchChanges(in: zone, since: fresh.token).failure == nil)
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
