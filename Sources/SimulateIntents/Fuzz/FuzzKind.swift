/// The kinds of input `intents.fuzz` generates, each with the answer it calls for.
package enum FuzzKind: String, Sendable, CaseIterable {
    /// Text that is not RFC 8259 JSON: truncated, single quotes, trailing commas, comments, bare words, NaN…
    case notJSON
    /// Arrays nested deeper than the parser's limit.
    case deepNesting
    /// Well-formed JSON that is not an object.
    case notObject
    /// A field of the wrong JSON type.
    case wrongType
    /// A required field left out.
    case missingField
    /// A field the intent does not take.
    case extraField
    /// A field given twice.
    case duplicateField
    /// Right types, wrong values: blank text, out-of-range numbers, malformed ids, both task and displayId.
    case badValue
    /// A project that does not exist.
    case unknownProject
    /// A task that does not exist.
    case unknownTask
    /// An intent name the plugin does not offer.
    case unknownIntent
    /// An input over `maxInputBytes`.
    case tooLarge
    /// A valid createProject whose name holds quotes, backslashes, control characters and emoji: must
    /// succeed and come back escaped.
    case hostileText

    /// The error code the kind must be answered with; nil: success.
    var expectedCode: IntentError.Code? {
        switch self {
        case .notJSON, .deepNesting: .invalidJSON
        case .notObject, .wrongType, .missingField, .extraField, .duplicateField, .badValue: .invalidInput
        case .unknownProject: .unknownProject
        case .unknownTask: .unknownTask
        case .unknownIntent: .unknownIntent
        case .tooLarge: .inputTooLarge
        case .hostileText: nil
        }
    }

    /// The kinds that need no knowledge of an intent's fields: what an app's own intent is fuzzed with.
    static let anyIntent: Set<FuzzKind> = [.notJSON, .deepNesting, .notObject, .tooLarge]

    /// Whether the kind can be aimed at an intent.
    func applies(to intent: IntentName) -> Bool {
        switch self {
        case .missingField: intent != .listTasks
        case .unknownProject: intent == .addTask || intent == .listTasks
        case .unknownTask: intent == .completeTask || intent == .deleteTask
        case .hostileText: intent == .createProject
        default: true
        }
    }
}

/// One generated call.
struct FuzzCall {
    var intent: String
    var input: String
    var kind: FuzzKind
    /// The answer it calls for (nil: success); usually the kind's, but an input over the size limit is
    /// refused for its size first.
    var expectedCode: IntentError.Code?

    /// Whether `intents.fuzzCodes` judges its answer: an app's own intent has codes of its own.
    var judgesCode = true

    init(intent: String, input: String, kind: FuzzKind, maxInputBytes: Int) {
        self.intent = intent
        self.input = input
        self.kind = kind
        let oversized = kind != .unknownIntent && input.utf8.count > maxInputBytes
        expectedCode = oversized ? .inputTooLarge : kind.expectedCode
    }
}
