import Foundation
import SwiftData

// Seed 004: SchemaV10 before the fix — non-optional to-many relationships and a unique id.
enum SchemaV10: VersionedSchema {
    static var versionIdentifier = Schema.Version(0, 0, 10)

    static var models: [any PersistentModel.Type] {
        [SchemaV9.SDUserProfileV9.self, SDUserProfileV10.self]
    }

    @Model final class SDUserProfileV10 {
        @Attribute(.unique) var id: UUID = UUID()
        @Relationship(deleteRule: .cascade, inverse: \SDPhysicalAttribute.userProfile)
        var bodyMetrics: [SDPhysicalAttribute] = []
        @Relationship(deleteRule: .cascade, inverse: \SDMeal.userProfile)
        var mealLogs: [SDMeal] = []
        @Relationship(deleteRule: .cascade, inverse: \SDActivitySnapshot.userProfile)
        var activitySnapshots: [SDActivitySnapshot] = []
        @Relationship(deleteRule: .cascade, inverse: \SDMoodLog.userProfile)
        var moodEntries: [SDMoodLog] = []
        @Relationship(deleteRule: .cascade, inverse: \SDPhotoLog.userProfile)
        var photoRecognitions: [SDPhotoLog] = []
        @Relationship(deleteRule: .cascade, inverse: \SDProgressEntry.userProfile)
        var progressEntries: [SDProgressEntry] = []
        @Relationship(deleteRule: .cascade, inverse: \SDSleepSession.userProfile)
        var sleepSessions: [SDSleepSession] = []
        @Relationship(deleteRule: .cascade, inverse: \SDWorkout.userProfile)
        var workouts: [SDWorkout] = []

        init() {}
    }
}
