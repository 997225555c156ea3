import SimulateJSON

/// What the caller of one intent got on stdout, and what it says: the same for the reference intents and
/// the app's own.
struct CallerOutput {
    /// The text on the caller's stdout (empty when the intent threw).
    var text: String
    /// "ok", the answer's error code, "thrown" (the app's intent threw), or "unreadable" (the app's answer
    /// is not `{"ok": …}` with an error code when false).
    var outcome: String
    /// The error code the answer carries, when it says `"ok": false`.
    var errorCode: String?
    /// The displayId of a successful `addTask` answer.
    var displayID: Int64?
    /// The app's own answer: every task it names with a displayId (``answeredTasks(_:)``).
    var tasks: [(id: String?, displayID: Int64)] = []
    /// The text read as strict JSON, when it has been read.
    var read: Result<JSON, ResponseShape.NotJSON>?
    /// What the app's intent threw.
    var thrown: String?

    /// The reference intents' answer as the configured app writes it.
    init(reference response: IntentResponse, configuration: IntentsConfiguration) {
        text = response.text(configuration)
        outcome = response.outcomeName
        errorCode = response.errorCode?.rawValue
        if case .success(let result) = response.outcome, response.intent == IntentName.addTask.rawValue {
            displayID = result["task"]?["displayId"]?.int64Value
        }
    }

    /// What the app's own intent returned or threw.
    init(app result: Result<String, any Error>, intent: String, fields: IntentsConfiguration.AnswerFields = .init()) {
        switch result {
        case .failure(let error):
            text = ""
            outcome = "thrown"
            thrown = String(describing: error)
        case .success(let returned):
            text = returned
            let read = ResponseShape.read(returned)
            self.read = read
            guard case .success(let root) = read, let ok = root["ok"]?.boolValue else {
                outcome = "unreadable"
                return
            }
            if ok {
                outcome = "ok"
                if intent == IntentName.addTask.rawValue {
                    displayID = root["result"]?["task"]?["displayId"]?.int64Value
                }
                tasks = Self.answeredTasks(root["result"], fields: fields)
            } else if let code = root["error"]?["code"]?.stringValue {
                outcome = code
                errorCode = code
            } else {
                outcome = "unreadable"
            }
        }
    }

    /// The tasks an app's own answer names with their displayIds, whatever the intent: `result.task` and each
    /// of `result.tasks` (or the configured names), keyed by the task's `id` (nil when it has none).
    static func answeredTasks(_ result: JSON?, fields: IntentsConfiguration.AnswerFields) -> [(
        id: String?, displayID: Int64
    )] {
        var found: [(id: String?, displayID: Int64)] = []
        for task in [result?[fields.task]].compactMap({ $0 }) + (result?[fields.tasks]?.arrayValue ?? []) {
            guard let displayID = task[fields.displayId]?.int64Value else { continue }
            found.append((task[fields.id]?.stringValue ?? task[fields.id].map { JSONWriter.string($0) }, displayID))
        }
        return found
    }

    /// The value of the answer's trace instant: the documented error code's index, or -1.
    var traceValue: Int64 {
        Int64(IntentError.Code.allCases.firstIndex { $0.rawValue == errorCode } ?? -1)
    }
}
