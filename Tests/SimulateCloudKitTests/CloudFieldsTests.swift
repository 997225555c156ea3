import Testing

@testable import SimulateCloudKit

@Suite struct CloudFieldsTests {
    /// Keys set in a scrambled order, enough of them to pass the linear lookup's limit.
    static let scrambled = (0..<20).map { "CD_field\(($0 * 7) % 20)" }

    @Test(arguments: [3, 8, 9, 20])
    func setReadAndRemoveLikeADictionary(count: Int) {
        var fields = CloudFields()
        var dictionary: [String: CloudFieldValue] = [:]
        for (index, key) in Self.scrambled.prefix(count).enumerated() {
            fields[key] = .int(Int64(index))
            dictionary[key] = .int(Int64(index))
        }
        #expect(fields.count == count)
        #expect(fields.dictionary == dictionary)
        for key in dictionary.keys { #expect(fields[key] == dictionary[key]) }
        #expect(fields["CD_missing"] == nil)
        #expect(!fields.contains("CD_missing"))

        let removed = Self.scrambled[count / 2]
        fields[removed] = nil
        dictionary[removed] = nil
        fields["CD_missing"] = nil
        fields[Self.scrambled[0]] = .string("changed")
        dictionary[Self.scrambled[0]] = .string("changed")
        #expect(fields.dictionary == dictionary)
        #expect(fields[removed] == nil)
        #expect(fields.count == count - 1)
    }

    @Test func iteratesInKeyOrderWhateverTheOrderOfSetting() {
        var forward = CloudFields()
        for key in Self.scrambled { forward[key] = .bool(true) }
        var backward = CloudFields()
        for key in Self.scrambled.reversed() { backward[key] = .bool(true) }
        #expect(forward.map(\.key) == Self.scrambled.sorted())
        #expect(forward.keys == Self.scrambled.sorted())
        #expect(forward == backward)
        backward[Self.scrambled[3]] = .bool(false)
        #expect(forward != backward)
    }

    @Test func aLiteralAndADictionaryMakeTheSameFields() {
        let literal: CloudFields = ["b": .int(2), "a": .string("x"), "c": .double(0.5)]
        let dictionary = CloudFields(["c": .double(0.5), "a": .string("x"), "b": .int(2)])
        #expect(literal == dictionary)
        #expect(literal.keys == ["a", "b", "c"])
    }

    @Test func aRecordReadsItsFieldsAndKeepsItsChangedKeys() {
        var record = CloudRecord(
            recordType: "Task", recordID: CloudRecordID(recordName: "t"),
            fields: ["CD_title": .string("a"), "CD_done": .bool(false)])
        #expect(record.changedKeys == ["CD_title", "CD_done"])
        let copy = record
        record["CD_priority"] = .int(3)
        #expect(record["CD_priority"] == .int(3))
        #expect(record.fields.keys == ["CD_done", "CD_priority", "CD_title"])
        #expect(copy.fields.keys == ["CD_done", "CD_title"])
        #expect(record.changedKeys == ["CD_title", "CD_done", "CD_priority"])
        let fromDictionary = CloudRecord(
            recordType: "Task", recordID: CloudRecordID(recordName: "t"),
            fields: ["CD_done": .bool(false), "CD_title": .string("a")] as [String: CloudFieldValue])
        #expect(fromDictionary == copy)
    }

    @Test func sharingKeysKeepsEachRecordsFieldsAndFollowsTheLastKeySet() {
        var keys: [String] = []
        var first: CloudFields = ["CD_title": .string("a"), "CD_done": .bool(false)]
        first.shareKeys(with: &keys)
        #expect(keys == ["CD_done", "CD_title"])
        var second: CloudFields = ["CD_done": .bool(true), "CD_title": .string("b")]
        second.shareKeys(with: &keys)
        #expect(second == ["CD_done": .bool(true), "CD_title": .string("b")])
        second["CD_priority"] = .int(2)
        #expect(second.keys == ["CD_done", "CD_priority", "CD_title"] && keys == ["CD_done", "CD_title"])
        #expect(first == ["CD_title": .string("a"), "CD_done": .bool(false)])
        var third: CloudFields = ["CD_title": .string("c")]
        third.shareKeys(with: &keys)
        #expect(keys == ["CD_title"] && third["CD_title"] == .string("c"))
    }
}
