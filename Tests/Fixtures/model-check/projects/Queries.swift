import Foundation
import SwiftData

// Seed 000's workaround: query from the child side.
func tasks(inProjectNamed name: String) -> FetchDescriptor<Task> {
    FetchDescriptor<Task>(predicate: #Predicate { $0.project?.name == name })
}
