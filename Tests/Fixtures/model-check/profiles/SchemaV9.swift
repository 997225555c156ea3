import Foundation
import SwiftData

// Seed 004: SchemaV9 before the fix — the profile's to-many relationships name no inverse.
enum SchemaV9: VersionedSchema {
    static var versionIdentifier = Schema.Version(0, 0, 9)

    static var models: [any PersistentModel.Type] {
        [SDUserProfileV9.self]
    }

    @Model final class SDUserProfileV9 {
        var name: String = ""
        @Relationship(deleteRule: .cascade)
        var moodEntries: [SDMoodEntry]?
        @Relationship(deleteRule: .cascade)
        var photoRecognitions: [SDPhotoRecognition]?

        init() {}
    }
}
