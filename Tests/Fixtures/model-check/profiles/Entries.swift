import Foundation
import SwiftData

// Seed 004's "BEFORE": the entry's relationship back to the V9 profile names no inverse either.
@Model final class SDMoodEntry {
    var score: Int = 0
    @Relationship
    var userProfile: SchemaV9.SDUserProfileV9?
    init() {}
}

@Model final class SDPhotoRecognition {
    var label: String = ""
    var userProfile: SchemaV9.SDUserProfileV9?
    init() {}
}

@Model final class SDPhysicalAttribute {
    var value: Double = 0
    var userProfile: SchemaV10.SDUserProfileV10?
    init() {}
}

@Model final class SDMeal {
    var calories: Int = 0
    var userProfile: SchemaV10.SDUserProfileV10?
    init() {}
}

@Model final class SDActivitySnapshot {
    var steps: Int = 0
    var userProfile: SchemaV10.SDUserProfileV10?
    init() {}
}

@Model final class SDMoodLog {
    var score: Int = 0
    var userProfile: SchemaV10.SDUserProfileV10?
    init() {}
}

@Model final class SDPhotoLog {
    var label: String = ""
    var userProfile: SchemaV10.SDUserProfileV10?
    init() {}
}

@Model final class SDProgressEntry {
    var value: Double = 0
    var userProfile: SchemaV10.SDUserProfileV10?
    init() {}
}

@Model final class SDSleepSession {
    var hours: Double = 0
    var userProfile: SchemaV10.SDUserProfileV10?
    init() {}
}

@Model final class SDWorkout {
    var minutes: Int = 0
    var userProfile: SchemaV10.SDUserProfileV10?
    init() {}
}
