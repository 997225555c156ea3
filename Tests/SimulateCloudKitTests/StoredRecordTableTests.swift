import Testing

@testable import SimulateCloudKit
@testable import SimulateCore

@Suite struct StoredRecordTableTests {
    static func stored(_ name: String, zone: String = "Z") -> StoredRecord {
        StoredRecord(
            CloudRecord(recordType: "T", recordID: CloudRecordID(recordName: name, zoneID: CloudZoneID(zone))))
    }

    /// Inserts and removals in a seeded random order, checked against a dictionary after each step:
    /// removals in the middle of probe runs must leave every other record reachable, and the records
    /// are listed in the order they were inserted (through the compactions removals cause).
    @Test(arguments: [1, 2, 3])
    func agreesWithADictionaryThroughInsertsAndRemovals(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        var table = StoredRecordTable()
        var model: [CloudRecordID: StoredRecord] = [:]
        var order: [CloudRecordID] = []
        let names = (0..<300).map { "r\($0)" }
        for _ in 0..<3_000 {
            let name = names[Int(random.below(UInt64(names.count)))]
            let id = CloudRecordID(recordName: name, zoneID: CloudZoneID(random.below(4) == 0 ? "Y" : "Z"))
            if let existing = model[id] {
                #expect(table.remove(id) === existing)
                model[id] = nil
                order.removeAll { $0 == id }
            } else {
                let record = Self.stored(id.recordName, zone: id.zoneID.zoneName)
                table.insert(record)
                model[id] = record
                order.append(id)
            }
            #expect(table.count == model.count)
            #expect(table.keys == order)
        }
        for name in names {
            for zone in ["Y", "Z"] {
                let id = CloudRecordID(recordName: name, zoneID: CloudZoneID(zone))
                #expect(table[id] === model[id])
            }
        }
        #expect(table.values.count { _ in true } == model.count)
    }

    @Test func anEmptyTableFindsAndRemovesNothing() {
        var table = StoredRecordTable()
        let id = CloudRecordID(recordName: "a")
        #expect(table[id] == nil)
        #expect(table.remove(id) == nil)
        table.insert(Self.stored("a", zone: CloudZoneID.defaultZone.zoneName))
        #expect(table[id] != nil)
        #expect(table.remove(id) != nil)
        #expect(table[id] == nil && table.count == 0)
    }
}
