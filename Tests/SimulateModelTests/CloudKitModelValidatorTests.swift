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
}
