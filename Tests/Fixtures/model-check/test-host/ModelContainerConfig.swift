import Foundation
import SwiftData

let appGroupID = "group.com.example.tasks"

// Seed 003's anti-pattern: created when the test runner launches the host app.
enum ModelContainerConfig {
    static let schema = Schema([Item.self])

    static let shared: ModelContainer = {
        guard
            let groupURL = FileManager.default.containerURL(
                forSecurityApplicationGroupIdentifier: appGroupID
            )
        else {
            fatalError("App Group container is not available.")
        }
        let config = ModelConfiguration(
            schema: schema, url: groupURL.appendingPathComponent("app.store"),
            cloudKitDatabase: .private("iCloud.com.example.tasks"))
        return try! ModelContainer(for: schema, configurations: [config])
    }()

    static let preview: ModelContainer = {
        let config = ModelConfiguration(schema: schema, isStoredInMemoryOnly: true, cloudKitDatabase: .none)
        return try! ModelContainer(for: schema, configurations: [config])
    }()
}

@Model
final class Item {
    var text: String = ""
    var tags: [String] = []
    init() {}
}
