import SimulateCore
import SimulateJSON

/// The `intents` plugin's configuration, read from the scenario's `plugins.intents` object.
public struct IntentsConfiguration: PluginArguments {
    /// `errors`: how an intent reports an error.
    public enum Errors: String, CaseIterable, Sendable {
        /// Errors are encoded as JSON in the returned string (the seed's rule).
        case json
        /// The intent throws: `shortcuts run` prints the error on stderr and nothing on stdout (a hazard).
        case thrown
    }

    /// `encoding`: how the answer's JSON is written.
    public enum Encoding: String, CaseIterable, Sendable {
        /// A JSON encoder: every string escaped.
        case writer
        /// String interpolation without escaping (a hazard).
        case interpolation
    }

    /// `handler`: "reference", or the name of the app's own intents registered from Swift.
    public var handlerName = IntentsConfiguration.referenceHandler
    /// The built-in handler's name.
    public static let referenceHandler = "reference"
    /// The app's own intents a scenario selects; nil for the reference intents.
    public var appHandler: String? { handlerName == Self.referenceHandler ? nil : handlerName }
    /// `maxInputBytes`: longer inputs answer `inputTooLarge` before any parsing.
    public var maxInputBytes = IntentInput.defaultMaxBytes
    /// `timeout`: how long the caller waits for an intent that needs the counter (0: no limit).
    public var timeout = VirtualDuration.seconds(30)
    /// The system's limit on iOS, iPadOS, watchOS and visionOS: an intent still running after it is
    /// cancelled by the system and the caller gets no JSON (0: no limit).
    public var systemTimeLimit = VirtualDuration.seconds(30)
    /// `errors`: encoded in the answer, or thrown.
    public var errors = Errors.json
    /// `encoding`: a JSON encoder, or string interpolation (a hazard).
    public var encoding = Encoding.writer

    /// Where your own intents' answers name tasks and their displayIds (`answerFields`): under `result`, one
    /// object (`task`) or an array of them (`tasks`), each with its `id` and its `displayId`.
    public struct AnswerFields: Sendable, Equatable {
        public var task = "task"
        public var tasks = "tasks"
        public var id = "id"
        public var displayId = "displayId"
        public init() {}
    }

    /// `answerFields`: how `intents.uniqueDisplayIds` reads your own intents' answers.
    public var answerFields = AnswerFields()

    /// Every key at its default.
    public init() {}

    public static let fields: [Field<Self>] = [
        .component(
            "handler", \.handlerName, builtIn: [referenceHandler],
            "\"reference\" (the documented intents on the model and the counter), or the name of your own "
                + "intents registered from Swift (docs/intents.md, Your own intents): every call is then your "
                + "code's; the keys below but maxInputBytes (which fuzz inputs are sized by) and systemTimeLimit "
                + "are the reference's settings"),
        .integer(
            "maxInputBytes", \.maxInputBytes, in: 64...16_777_216,
            "inputs longer than this many UTF-8 bytes answer inputTooLarge before any parsing (64…16777216)"),
        .duration(
            "timeout", \.timeout,
            "how long the caller waits for an intent that needs the counter; then it answers timeout (0: no limit)"),
        .duration(
            "systemTimeLimit", \.systemTimeLimit,
            "on iOS, iPadOS, watchOS and visionOS the system cancels an intent still running after this long "
                + "(IntentCancellationReason.timeout: \"a default timeout of around 30 seconds\"); the caller gets no "
                + "JSON. macOS has no such limit. An intent whose own timeout is not shorter is cut off at this "
                + "limit (0: no limit)"),
        .choice(
            "errors", \.errors,
            "\"json\": errors are encoded in the returned string; \"thrown\": the intent throws and the caller's "
                + "stdout is empty (the hazard the seed warns about)"),
        .value(
            "answerFields", \.answerFields, type: "object",
            default: #"{"task": "task", "tasks": "tasks", "id": "id", "displayId": "displayId"}"#,
            schema: [
                "type": "object", "additionalProperties": false,
                "properties": [
                    "task": ["type": "string"], "tasks": ["type": "string"], "id": ["type": "string"],
                    "displayId": ["type": "string"],
                ],
            ],
            "with your own intents (handler): where their ok answers name tasks and their displayIds, under "
                + "\"result\" — one object (task), an array of them (tasks), each with its id and its displayId — for "
                + "intents.uniqueDisplayIds; e.g. {\"task\": \"expense\", \"displayId\": \"receiptNumber\"}"
        ) { reader, name in
            guard let value = reader.value(name),
                let fields = ObjectReader(value, at: reader.path / name, diagnostics: reader.diagnostics)
            else { return nil }
            var read = AnswerFields()
            for (key, keyPath) in [
                ("task", \AnswerFields.task), ("tasks", \.tasks), ("id", \.id), ("displayId", \.displayId),
            ] {
                if let text = fields.string(key) { read[keyPath: keyPath] = text }
            }
            fields.rejectUnknownKeys()
            return read
        },
        .choice(
            "encoding", \.encoding,
            "\"writer\": a JSON encoder; \"interpolation\": JSON built by string interpolation without escaping "
                + "(breaks on quotes, backslashes and control characters in user text)"),
    ]
}
