import Foundation
import Testing

@testable import SimulateModel

@Suite("CloudKit model validation (Code=134060)")
struct CloudKitModelValidatorTests {
    @Test("the seeds' Project ↔ Task model is accepted")
    func seedsModelIsValid() {
        #expect(CloudKitModelValidator.validate(ModelSchema.seeds.current).isEmpty)
    }

    @Test("seed 001's SDOutboxEvent is reported exactly as Core Data does")
    func outboxEventMessage() {
        let names = [
            "attemptCount", "createdAt", "entityID", "eventType", "id", "isNewRecord", "maxAttempts", "priority",
            "status", "userID",
        ]
        var attributes = names.map { AttributeSpec(name: $0, type: .string) }
        attributes[4].isUnique = true
        let version = SchemaVersion(name: "v1", entities: [EntitySpec(name: "SDOutboxEvent", attributes: attributes)])
        let expected = """
            CloudKit integration requires that all attributes be optional, or have a default value set. \
            The following attributes are marked non-optional but do not have a default value:
            SDOutboxEvent: attemptCount
            SDOutboxEvent: createdAt
            SDOutboxEvent: entityID
            SDOutboxEvent: eventType
            SDOutboxEvent: id
            SDOutboxEvent: isNewRecord
            SDOutboxEvent: maxAttempts
            SDOutboxEvent: priority
            SDOutboxEvent: status
            SDOutboxEvent: userID
            CloudKit integration does not support unique constraints. The following entities are constrained:
            SDOutboxEvent: id
            """
        #expect(CloudKitModelValidator.failureReason(version) == expected)
    }

    private static func seedsWith(_ rule: DeleteRule) -> SchemaVersion {
        var version = ModelSchema.seeds.current
        version.entities[0].relationships[0].deleteRule = rule
        return version
    }

    @Test("only Deny is an unsupported delete rule; No Action is accepted (Creating a Core Data Model for CloudKit)")
    func deleteRules() {
        #expect(CloudKitModelValidator.validate(Self.seedsWith(.noAction)).isEmpty)
        #expect(CloudKitModelValidator.validate(Self.seedsWith(.cascade)).isEmpty)
        #expect(
            CloudKitModelValidator.failureReason(Self.seedsWith(.deny))
                == "The following relationships are configured with unsupported delete rules:\nProject:tasks - Deny")
    }

    @Test("every version of a migration plan is checked, each line once (seeds 001 and 004)")
    func everyVersion() {
        var old = ModelSchema.seeds.current
        old.name = "v1"
        old.entities[0].attributes[0].isUnique = true
        var fixed = ModelSchema.seeds.current
        fixed.name = "v2"
        var again = old
        again.name = "v3"
        let plan = ModelSchema(versions: [old, fixed])
        #expect(CloudKitModelValidator.validate(plan.current).isEmpty)
        let unique =
            "CloudKit integration does not support unique constraints. The following entities are constrained:\n"
            + "Project: name"
        #expect(CloudKitModelValidator.failureReason(plan) == unique)
        #expect(CloudKitModelValidator.failureReason(ModelSchema(versions: [old, fixed, again])) == unique)
    }

    @Test(
        "lines are in localizedCaseInsensitiveCompare's order",
        arguments: [
            (["Item2: name", "Item: name"], ["Item: name", "Item2: name"]),
            (["Project: title", "Project_Archive: title"], ["Project_Archive: title", "Project: title"]),
            (["b: x", "A: x", "a-b: x", "a_b: x", "a b: x"], ["a b: x", "a_b: x", "a-b: x", "A: x", "b: x"]),
            (["Task10: x", "Task9: x", "task1: x"], ["task1: x", "Task10: x", "Task9: x"]),
            (["Item: b", "item: a", "Item: a"], ["item: a", "Item: a", "Item: b"]),
        ])
    func collation(input: [String], sorted: [String]) {
        #expect(input.sorted(by: CollationOrder.precedes) == sorted)
    }

    @Test("the order agrees with Foundation's localizedCaseInsensitiveCompare on generated identifiers")
    func agreesWithFoundation() {
        let alphabet = Array("aAbZz09_-: ")
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        let lines = (0..<300).map { _ in String((0..<(1 + next() % 6)).map { _ in alphabet[next() % alphabet.count] }) }
        for a in lines {
            for b in lines where a.localizedCaseInsensitiveCompare(b) != .orderedSame {
                #expect(CollationOrder.precedes(a, b) == (a.localizedCaseInsensitiveCompare(b) == .orderedAscending))
            }
        }
    }
}
