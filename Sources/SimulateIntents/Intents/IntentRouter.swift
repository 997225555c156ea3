import SimulateCloudKit
import SimulateCore
import SimulateJSON
import SimulateModel

/// Carries out checked intent requests on a device: Project and Task in the model store, displayIds from
/// the counter. Every outcome is a value; `answer` runs exactly once unless the caller stopped waiting.
final class IntentRouter {
    typealias Answer = (Result<JSONObject, IntentError>) -> Void

    let store: (any ModelStoreService)?
    let counter: (any DisplayIDAllocating)?

    init(store: (any ModelStoreService)?, counter: (any DisplayIDAllocating)?) {
        self.store = store
        self.counter = counter
    }

    /// `isWaiting` is asked when an asynchronous step completes: false once the caller timed out.
    func perform(_ request: IntentRequest, on device: Device, isWaiting: @escaping () -> Bool, answer: @escaping Answer)
    {
        guard let store else {
            return answer(.failure(IntentError(.storeError, "the model plugin offers no store on this run")))
        }
        let tasks = TaskStore(store: store, device: device)
        switch request {
        case .createProject(let name, let id):
            answer(
                tasks.createProject(name: name, id: id).map { ["project": $0] })
        case .addTask(let project, let title, let priority):
            addTask(project: project, title: title, priority: priority, tasks, isWaiting: isWaiting, answer: answer)
        case .listTasks(let project, let includeDone):
            answer(tasks.list(project: project, includeDone: includeDone).map { ["tasks": .array($0)] })
        case .completeTask(let reference):
            answer(tasks.complete(reference).map { ["task": $0] })
        case .deleteTask(let reference):
            answer(tasks.delete(reference).map { ["deleted": $0] })
        }
    }

    /// Checks the project, allocates a displayId (asynchronous, over the simulated network), then inserts.
    private func addTask(
        project: String, title: String, priority: Int, _ tasks: TaskStore, isWaiting: @escaping () -> Bool,
        answer: @escaping Answer
    ) {
        if case .failure(let error) = tasks.requireProject(project) { return answer(.failure(error)) }
        guard let counter else {
            return answer(
                .failure(IntentError(.counterUnavailable, "the counter plugin offers no displayId allocator")))
        }
        counter.allocateDisplayID(on: tasks.device) { result in
            guard isWaiting() else { return }
            switch result {
            case .failure(let error):
                answer(.failure(IntentError(.counterUnavailable, "displayId allocation failed: \(error)")))
            case .success(let displayID):
                if case .failure(let error) = tasks.requireProject(project) { return answer(.failure(error)) }
                answer(
                    tasks.insertTask(project: project, title: title, priority: priority, displayID: displayID)
                        .map { ["task": $0] })
            }
        }
    }
}
