import Testing

@testable import SimulateCloudKit
@testable import SimulateCore

/// `modifyZones`, the server side of `CKDatabase.modifyRecordZones(saving:deleting:)`: an app recovers
/// from `zoneNotFound` / `userDeletedZone` by saving the zone again.
@Suite struct ZoneOperationTests {
    let zone = CloudZoneID("Counters")
    let fixture = AccountAndZoneFaultTests()

    @Test(arguments: ["zoneNotFound", "userDeletedZone"])
    func savingTheZoneAgainEndsTheZoneError(fault: String) throws {
        let server = fixture.makeServer()
        _ = server.modify(saving: [fixture.record("a", 1)])
        server.serverErrorChanged(fixture.fault(fault), active: true)
        let saved = try server.modifyZones(saving: [CloudZone(zoneID: zone)], deleting: [], requester: "phone").get()
        #expect(saved.saveResults.count == 1)
        #expect(try saved.saveResults[0].result.get() == CloudZone(zoneID: zone, atomic: true))
        // The zone is back, empty: the record went with it, and a new one can be saved.
        #expect(server.record(fixture.record("a", 1).recordID) == nil)
        #expect(try server.modify(saving: [fixture.record("a", 5)], requester: "phone").get().error == nil)
        #expect(server.record(fixture.record("a", 1).recordID)?["value"] == .int(5))
    }

    @Test func deletingAZoneDeletesItsRecordsAndAnswersPerZone() throws {
        let server = fixture.makeServer()
        _ = server.modify(saving: [fixture.record("a", 1)])
        let answer = try server.modifyZones(
            saving: [CloudZone(zoneID: .defaultZone)], deleting: [zone, CloudZoneID("Never"), .defaultZone]
        ).get()
        #expect(answer.saveResults[0].result.failure?.code == .invalidArguments)
        #expect(answer.deleteResults.map(\.error?.code) == [nil, .zoneNotFound, .invalidArguments])
        #expect(server.record(fixture.record("a", 1).recordID) == nil)
        #expect(try server.modify(saving: [fixture.record("b", 1)]).get().saveResults[0].error?.code == .zoneNotFound)
    }

    @Test func accountFaultsAnswerTheWholeOperation() {
        let server = fixture.makeServer()
        server.serverErrorChanged(fixture.fault("notAuthenticated"), active: true)
        let answer = server.modifyZones(
            saving: [CloudZone(zoneID: CloudZoneID("Other"))], deleting: [], requester: "phone")
        #expect(answer.failure?.code == .notAuthenticated)
        #expect(server.zone(CloudZoneID("Other")) == nil)
    }
}
