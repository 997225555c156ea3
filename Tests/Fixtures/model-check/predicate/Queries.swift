import Foundation
import SwiftData

// Seed 000: "#Predicate cannot query optional to-many relationships ("to-many key not allowed here")."
func projects(withTaskTitled title: String) -> FetchDescriptor<Project> {
    FetchDescriptor<Project>(
        predicate: #Predicate { project in
            project.tasks?.contains { $0.title == title } ?? false
        })
}

let busyProjects = #Predicate<Project> { $0.tasks?.isEmpty == false }

// The workaround, from the child side: fine.
let homeTasks = #Predicate<Task> { $0.project?.name == "Home" }

// The root from the property a @Query fills, and from a function's return type.
struct ProjectList {
    @Query(filter: #Predicate { $0.tasks?.count ?? 0 > 0 }) var projects: [Project]
}

func withTasks() -> Predicate<Project> {
    #Predicate { project in project.tasks != nil }
}

// No root written: the one model that stores `tasks`.
func projectsWithTasks(in context: ModelContext) throws -> Int {
    var descriptor = FetchDescriptor<Project>()
    descriptor.predicate = #Predicate { $0.tasks?.isEmpty == false }
    return try context.fetchCount(descriptor)
}
