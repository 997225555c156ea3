import Foundation
import SwiftData

// Seed 001: the outbox event before the fix.
@Model
final class SDOutboxEvent {
    @Attribute(.unique) var id: UUID
    var eventType: String
    var entityID: UUID
    var userID: String
    var status: String
    var createdAt: Date
    var lastAttemptAt: Date?
    var attemptCount: Int
    var maxAttempts: Int
    var errorMessage: String?
    var completedAt: Date?
    var metadata: String?
    var priority: Int
    var isNewRecord: Bool

    init(id: UUID, eventType: String, entityID: UUID, userID: String) {
        self.id = id
        self.eventType = eventType
        self.entityID = entityID
        self.userID = userID
        self.status = "pending"
        self.createdAt = Date()
        self.attemptCount = 0
        self.maxAttempts = 5
        self.priority = 0
        self.isNewRecord = true
    }
}
