import Foundation
import SwiftData

// Seed 000: "Delete rules: .cascade or .nullify only, not .deny." The same model with Deny.
@Model
final class Project {
    var name: String = ""
    @Relationship(deleteRule: .deny, inverse: \Task.project)
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
