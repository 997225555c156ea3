import Foundation

/// The JSON core of the app's App Intents (seed 000): each intent takes one JSON string and returns one
/// JSON string, errors encoded in it. Each `AppIntent`'s `perform()` calls ``perform(intent:input:)``
/// with its `@Parameter var input: String` and returns the text as `ReturnsValue<String>`. Projects and
/// tasks are kept in memory here (the app keeps them in SwiftData); displayIds come from
/// `nextDisplayID` (the app's counter service). Written with Foundation's JSON, as an app writes it.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
public final class TaskIntents<C: Clock<Duration>>: @unchecked Sendable {
    public struct Options: Sendable {
        /// How long addTask waits for its displayId before it answers `timeout`; nil: as long as it
        /// takes (on iOS the system cancels an intent after about 30 s and the caller gets nothing).
        public var timeout: Duration? = .seconds(25)
        /// Longer inputs answer `inputTooLarge`.
        public var maxInputBytes = 65_536
        /// Throw errors instead of encoding them: the caller's stdout is empty (a bug the tests plant).
        public var throwsErrors = false
        /// Build the JSON by string interpolation, unescaped (a bug the tests plant).
        public var interpolatesJSON = false
        /// Check the input against RFC 8259 before `JSONSerialization` reads it. false: what
        /// `JSONSerialization` accepts is taken (on Linux a trailing comma, and the last of duplicate
        /// members: a bug the tests plant).
        public var checksStrictJSON = true
        public init() {}
    }

    struct Project {
        var id: String
        var name: String
    }

    struct TaskItem {
        var id: String
        var displayID: Int?
        var title: String
        var done = false
        var priority: Int
        var project: String?
    }

    private let clock: C
    private let options: Options
    private let nextDisplayID: @Sendable () async throws -> Int
    private var projects: [Project] = []
    private var tasks: [TaskItem] = []
    private var madeIDs = 0

    public init(
        clock: C, options: Options = Options(), nextDisplayID: @escaping @Sendable () async throws -> Int
    ) {
        self.clock = clock
        self.options = options
        self.nextDisplayID = nextDisplayID
    }

    /// The answer for `input`: `{"ok": true, "intent", "result"}` or `{"ok": false, "intent", "error"}`.
    public func perform(intent: String, input: String) async throws -> String {
        let outcome: Result<[String: Any], IntentFailure>
        do {
            outcome = .success(try await run(intent, input))
        } catch {
            if options.throwsErrors { throw error }
            outcome = .failure(error)
        }
        let answer: [String: Any]
        switch outcome {
        case .success(let result): answer = ["ok": true, "intent": intent, "result": result]
        case .failure(let failure): answer = ["ok": false, "intent": intent, "error": failure.json]
        }
        return options.interpolatesJSON ? Interpolated.text(answer) : Self.text(answer)
    }

    private func run(_ intent: String, _ input: String) async throws(IntentFailure) -> [String: Any] {
        guard let name = IntentName(rawValue: intent) else {
            throw IntentFailure(.unknownIntent, "unknown intent \(intent)")
        }
        guard input.utf8.count <= options.maxInputBytes else {
            throw IntentFailure(.inputTooLarge, "the input is over \(options.maxInputBytes) bytes")
        }
        let fields = try InputFields(input, allowed: name.fields, strict: options.checksStrictJSON)
        switch name {
        case .createProject:
            let id = try fields.id("id", required: false) ?? madeID("Project")
            let project = Project(id: id, name: try fields.text("name"))
            projects.append(project)
            return ["project": ["id": project.id, "name": project.name]]
        case .addTask:
            return ["task": json(try await addTask(fields))]
        case .listTasks:
            let project = try fields.id("project", required: false)
            let includeDone = try fields.bool("includeDone") ?? true
            if let project { try requireProject(project) }
            let listed = tasks.filter { (project == nil || $0.project == project) && (includeDone || !$0.done) }
                .sorted { ($0.displayID ?? .max, $0.id) < ($1.displayID ?? .max, $1.id) }
            return ["tasks": listed.map(json)]
        case .completeTask:
            let index = try taskIndex(fields)
            tasks[index].done = true
            return ["task": json(tasks[index])]
        case .deleteTask:
            let removed = tasks.remove(at: try taskIndex(fields))
            return ["deleted": ["id": removed.id, "displayId": removed.displayID as Any? ?? NSNull()]]
        }
    }

    private func addTask(_ fields: InputFields) async throws(IntentFailure) -> TaskItem {
        let project = try fields.id("project", required: true) ?? ""
        let title = try fields.text("title")
        let priority = try fields.int("priority", in: 0...1000) ?? 0
        try requireProject(project)
        let displayID = try await allocate()
        try requireProject(project)
        let task = TaskItem(
            id: madeID("Task"), displayID: displayID, title: title, priority: priority, project: project)
        tasks.append(task)
        return task
    }

    /// A displayId, or `timeout` after `options.timeout`: the first of the two wins, the other is cancelled.
    private func allocate() async throws(IntentFailure) -> Int {
        let next = nextDisplayID
        let clock = clock
        let timeout = options.timeout
        let result: Result<Int, IntentFailure> = await withTaskGroup(of: Result<Int, IntentFailure>?.self) {
            group in
            group.addTask {
                do { return .success(try await next()) } catch {
                    return .failure(IntentFailure(.counterUnavailable, "displayId allocation failed: \(error)"))
                }
            }
            if let timeout {
                group.addTask {
                    guard (try? await clock.sleep(for: timeout)) != nil else { return nil }
                    return .failure(IntentFailure(.timeout, "no displayId within \(timeout)"))
                }
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first ?? .failure(IntentFailure(.counterUnavailable, "the allocation was cancelled"))
        }
        return try result.get()
    }

    private func requireProject(_ id: String) throws(IntentFailure) {
        guard projects.contains(where: { $0.id == id }) else {
            throw IntentFailure(.unknownProject, "no project \(id)")
        }
    }

    private func taskIndex(_ fields: InputFields) throws(IntentFailure) -> Int {
        let id = try fields.id("task", required: false)
        let displayID = try fields.int("displayId", in: 1...Int.max)
        let matches: [Int]
        switch (id, displayID) {
        case (let id?, nil): matches = tasks.indices.filter { tasks[$0].id == id }
        case (nil, let displayID?): matches = tasks.indices.filter { tasks[$0].displayID == displayID }
        default: throw IntentFailure(.invalidInput, "give exactly one of \"task\" and \"displayId\"", path: "")
        }
        guard let index = matches.first else { throw IntentFailure(.unknownTask, "no such task") }
        guard matches.count == 1 else { throw IntentFailure(.ambiguousTask, "\(matches.count) tasks match") }
        return index
    }

    private func madeID(_ kind: String) -> String {
        madeIDs += 1
        return "\(kind)-\(madeIDs)"
    }

    private func json(_ task: TaskItem) -> [String: Any] {
        [
            "id": task.id, "displayId": task.displayID as Any? ?? NSNull(), "title": task.title, "done": task.done,
            "priority": task.priority, "project": task.project as Any? ?? NSNull(),
        ]
    }

    static func text(_ answer: [String: Any]) -> String {
        // An answer made of strings, numbers, booleans and nulls always encodes.
        let data = (try? JSONSerialization.data(withJSONObject: answer, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
