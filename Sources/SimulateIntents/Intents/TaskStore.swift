import SimulateCore
import SimulateJSON
import SimulateModel

/// The seed's Project and Task on one device's model store, in the shapes the intents answer with.
struct TaskStore {
    let store: any ModelStoreService
    let device: Device

    func createProject(name: String, id: String?) -> Result<JSON, IntentError> {
        stored(store.insert(entity: "Project", id: id, values: ["name": .string(name)], on: device)).map { object in
            ["id": object["@id"] ?? .null, "name": object["name"] ?? .string(name)]
        }
    }

    func requireProject(_ id: String) -> Result<Void, IntentError> {
        stored(store.fetch(entity: "Project", where: ["@id": .string(id)], on: device)).flatMap { found in
            found.isEmpty
                ? .failure(
                    IntentError(.unknownProject, "no project with id \"\(id)\" on this device", path: "/project"))
                : .success(())
        }
    }

    func insertTask(project: String, title: String, priority: Int, displayID: Int) -> Result<JSON, IntentError> {
        let values: JSONObject = [
            "title": .string(title), "done": false, "priority": JSON(priority), "displayId": JSON(displayID),
            "project": .string(project),
        ]
        return stored(store.insert(entity: "Task", id: nil, values: values, on: device)).map(Self.task)
    }

    func list(project: String?, includeDone: Bool) -> Result<[JSON], IntentError> {
        var terms: [JSON] = []
        if let project {
            if case .failure(let error) = requireProject(project) { return .failure(error) }
            terms.append(["project": .string(project)])
        }
        if !includeDone { terms.append(["done": false]) }
        let predicate: JSON? = terms.isEmpty ? nil : ["and": .array(terms)]
        return stored(store.fetch(entity: "Task", where: predicate, on: device)).map { objects in
            objects.map(Self.task).sorted(by: Self.displayOrder)
        }
    }

    func complete(_ reference: TaskReference) -> Result<JSON, IntentError> {
        find(reference).flatMap { id in
            stored(store.update(entity: "Task", where: ["@id": .string(id)], values: ["done": true], on: device))
                .flatMap { updated in
                    updated.first.map { .success(Self.task($0)) } ?? .failure(Self.unknownTask(reference))
                }
        }
    }

    func delete(_ reference: TaskReference) -> Result<JSON, IntentError> {
        find(reference).flatMap { id in
            let before = store.fetch(entity: "Task", where: ["@id": .string(id)], on: device)
            let displayID = (try? before.get())?.first?["displayId"] ?? .null
            return stored(store.delete(entity: "Task", where: ["@id": .string(id)], on: device)).map { _ in
                ["id": .string(id), "displayId": displayID]
            }
        }
    }

    /// The one task a reference names.
    private func find(_ reference: TaskReference) -> Result<String, IntentError> {
        let predicate: JSON =
            switch reference {
            case .id(let id): ["@id": .string(id)]
            case .displayID(let number): ["displayId": JSON(number)]
            }
        return stored(store.fetch(entity: "Task", where: predicate, on: device)).flatMap { found in
            let ids = found.compactMap { $0["@id"]?.stringValue }
            switch ids.count {
            case 0: return .failure(Self.unknownTask(reference))
            case 1: return .success(ids[0])
            default:
                return .failure(
                    IntentError(
                        .ambiguousTask, "\(ids.count) tasks have this displayId: \(ids.joined(separator: ", "))",
                        path: "/displayId"))
            }
        }
    }

    private static func unknownTask(_ reference: TaskReference) -> IntentError {
        switch reference {
        case .id(let id): IntentError(.unknownTask, "no task with id \"\(id)\" on this device", path: "/task")
        case .displayID(let number):
            IntentError(.unknownTask, "no task with displayId \(number) on this device", path: "/displayId")
        }
    }

    /// A stored Task as the intents answer it.
    static func task(_ object: JSON) -> JSON {
        let displayID = object["displayId"].flatMap { $0.int64Value.map(JSON.integer) } ?? .null
        return [
            "id": object["@id"] ?? .null, "displayId": displayID, "title": .string(object["title"]?.stringValue ?? ""),
            "done": .bool(object["done"]?.boolValue ?? false),
            "priority": .integer(object["priority"]?.int64Value ?? 0),
            "project": object["project"].flatMap { $0.stringValue.map(JSON.string) } ?? .null,
        ]
    }

    /// By displayId (tasks without one last), then by id.
    static func displayOrder(_ a: JSON, _ b: JSON) -> Bool {
        let left = a["displayId"]?.int64Value ?? .max
        let right = b["displayId"]?.int64Value ?? .max
        if left != right { return left < right }
        return (a["id"]?.stringValue ?? "") < (b["id"]?.stringValue ?? "")
    }

    private func stored<T>(_ result: Result<T, ModelStoreError>) -> Result<T, IntentError> {
        result.mapError { IntentError(.storeError, "model store: \($0.code.rawValue): \($0.message)") }
    }
}
