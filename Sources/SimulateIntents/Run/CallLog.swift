import SimulateCore
import SimulateJSON

/// An intent call waiting for its answer.
struct PendingCall {
    var device: Device
    var intent: String
    var input: String
    var calledAt: VirtualInstant
    var fuzzKind: FuzzKind?
    var expectedCode: IntentError.Code?
    var timeout: EventHandle?
    /// The system's cancellation at its time limit (not on macOS).
    var systemLimit: EventHandle?
    /// Cancels the app's own intent's task (the system ending it at its time limit).
    var cancelTask: (() -> Void)?
}

/// What one device's intents answered so far.
struct DeviceLog {
    var responses = 0
    var lastText: String?
    var lastOutcome: String?
    /// Answers by outcome other than "ok": error codes, and the app's "thrown" and "unreadable".
    var codes: [String: Int] = [:]
    /// displayIds of successful addTask answers, in order, with the time of each; with the app's own intents,
    /// of every task an answer names, the first time the device answered it, with the task's `id`.
    var displayIDs: [(id: Int64, at: VirtualInstant, task: String?)] = []
    /// The app's own tasks already answered with their displayIds, by `id`.
    var answeredTasks: [String: Set<Int64>] = [:]
}

/// Violations of one invariant: the first `limit` in full, the rest counted.
struct ViolationLog {
    static let limit = 100
    private(set) var kept: [Violation] = []
    private(set) var dropped = 0

    /// Builds the violation only while it is kept: past the limit, one is only counted.
    mutating func append(_ violation: @autoclosure () -> Violation) {
        if kept.count < Self.limit { kept.append(violation()) } else { dropped += 1 }
    }

    func all(end: VirtualInstant) -> [Violation] {
        guard dropped > 0 else { return kept }
        return kept + [
            .omitted(dropped, at: end, message: "… and \(dropped) more like these")
        ]
    }
}

/// Text shortened for reports, with its full length noted.
func excerpt(_ text: String, limit: Int = 160) -> String {
    let escaped = JSONWriter.escape(text)
    guard escaped.count > limit else { return escaped }
    return escaped.prefix(limit) + "…\" (\(text.utf8.count) bytes)"
}
