import Foundation
import SwiftData

// Seed 000: "All relationships MUST be optional for CloudKit compatibility. Both `tasks: [Task]?` on
// Project and `project: Project?` on Task"; delete rules cascade or nullify.
@Model
final class Project {
    var name: String = ""
    @Relationship(deleteRule: .cascade, inverse: \Task.project)
    var tasks: [Task]?

    init(name: String) {
        self.name = name
    }
}

@Model
final class Task {
    var title: String = ""
    var done: Bool = false
    var priority: Int = 0
    var displayId: Int?
    var project: Project?

    init(title: String) {
        self.title = title
    }
}
