import SimulateCore
import SimulateJSON

/// What an `intents` step does, read once from its `args`.
public struct IntentsAction: PluginEntries {
    enum Kind {
        case call(intent: String, input: String)
        case fuzz(count: Int, intent: String?, kinds: [FuzzKind])
    }

    let kind: Kind

    struct Call: PluginArguments {
        var intent = ""
        var input = ""
        static let fields: [Field<Self>] = [
            .string(
                "intent", \.intent, required: true,
                "intent name: \(IntentName.list), or one of your own intents' (handler; checked when declared in "
                    + "intentNames)"),
            .string("input", \.input, required: true, "the JSON text handed to the intent (a string, not an object)"),
        ]
    }

    struct Fuzz: PluginArguments {
        var count = 100
        var intent: String?
        var kinds = FuzzKind.allCases
        static let fields: [Field<Self>] = [
            .integer("count", \.count, in: 1...100_000, "inputs to generate (1…100000)"),
            .value(
                "intent", \.intent, type: "string", default: "every intent",
                schema: ["type": "string", "examples": IntentsDocs.intentNames],
                "aim every input at this intent: one of the reference's, or of your own intents (handler; checked "
                    + "when declared in intentNames)"
            ) { reader, name in
                reader.value(name).flatMap { value -> String?? in
                    guard let text = value.stringValue else {
                        reader.diagnostics.error(
                            "expected an intent name (a string), found \(value.typeName)", at: reader.path / name)
                        return nil
                    }
                    return .some(text)
                }
            },
            .custom(
                "kinds", \.kinds, type: "array", default: "every kind",
                schema: ["type": "array", "items": ["enum": .array(FuzzKind.allCases.map { .string($0.rawValue) })]],
                "only these kinds", read: readKinds),
        ]
    }

    private static func doc(_ name: String) -> EntryDoc {
        guard let doc = IntentsDocs.actions.first(where: { $0.name == name }) else {
            preconditionFailure("intents.\(name) has no documentation")
        }
        return doc
    }

    public static let entries: [Entry<Self>] = [
        .entry(doc("call"), device: .required(), arguments: Call.self) {
            IntentsAction(kind: .call(intent: $0.intent, input: $0.input))
        },
        .entry(doc("fuzz"), device: .required(), arguments: Fuzz.self) {
            IntentsAction(kind: .fuzz(count: $0.count, intent: $0.intent, kinds: $0.kinds))
        },
    ]

    private static func readKinds(_ kinds: JSON, at path: JSONPath, _ diagnostics: Diagnostics) -> [FuzzKind]? {
        guard let items = kinds.arrayValue, !items.isEmpty else {
            diagnostics.error("expected a non-empty array of fuzz kinds", at: path)
            return nil
        }
        var kinds: [FuzzKind] = []
        for (index, item) in items.enumerated() {
            guard let kind = item.stringValue.flatMap(FuzzKind.init) else {
                diagnostics.error(
                    "unknown fuzz kind \(JSONWriter.string(item)) (kinds: "
                        + FuzzKind.allCases.map(\.rawValue).joined(separator: ", ") + ")", at: path / index)
                continue
            }
            kinds.append(kind)
        }
        return kinds
    }
}

/// An `intents` invariant with its arguments, read once when the scenario loads.
public enum IntentsInvariant: PluginEntries {
    /// Every response parses as strict JSON and has the documented shape for its intent and outcome.
    case jsonOut(JSONOut)
    /// Every `intents.fuzz` input was answered with the error code its kind calls for.
    case fuzzCodes
    /// No displayId was answered twice, and at the end no device holds two tasks with one.
    case uniqueDisplayIds

    /// `jsonOut`'s arguments.
    public struct JSONOut: PluginArguments {
        /// `shape`: what an answer must be beyond strict JSON.
        public enum Shape: String, CaseIterable, Sendable {
            /// The documented envelope, error codes and result of each intent (docs/intents.md).
            case documented
            /// One strict JSON text, whatever its shape: for the app's own intents with answers of their own.
            case json
        }

        /// `allowPending`: do not report calls unanswered at the end.
        public var allowPending = false
        /// `shape`: the documented shapes, or any strict JSON.
        public var shape = Shape.documented
        /// Unanswered calls reported.
        public init() {}
        public static let fields: [Field<Self>] = [
            .boolean("allowPending", \.allowPending, "do not report calls unanswered at the end"),
            .choice(
                "shape", \.shape,
                "\"documented\": each answer has the documented envelope, codes and result of its intent; \"json\": "
                    + "any strict JSON text (for your own intents whose answers have a shape of their own)"),
        ]
    }

    private static func doc(_ name: String) -> EntryDoc {
        guard let doc = IntentsDocs.invariants.first(where: { $0.name == name }) else {
            preconditionFailure("intents.\(name) has no documentation")
        }
        return doc
    }

    public static let entries: [Entry<Self>] = [
        .entry(doc("jsonOut"), arguments: JSONOut.self, Self.jsonOut),
        .entry(doc("fuzzCodes"), .fuzzCodes),
        .entry(doc("uniqueDisplayIds"), .uniqueDisplayIds),
    ]
}

/// An `intents` observable.
public enum IntentsObservable: PluginEntries {
    /// The parsed JSON of the device's last answer (null before any).
    case lastResponse
    /// "ok" or the error code of the device's last answer (null before any).
    case lastOutcome
    /// Answers so far on the device (every device when device is omitted).
    case responses
    /// Calls waiting for their answer on the device (every device when omitted).
    case pending
    /// How many answers of each error code the device gave.
    case errorCodes
    /// displayIds of the device's successful addTask answers, in order.
    case displayIds

    private static func entry(_ name: String, _ value: Self) -> Entry<Self> {
        guard let doc = IntentsDocs.observables.first(where: { $0.name == name }) else {
            preconditionFailure("intents.\(name) has no documentation")
        }
        return .entry(doc, device: doc.perDevice ? .required() : .optional, value)
    }

    public static let entries: [Entry<Self>] = [
        entry("lastResponse", .lastResponse), entry("lastOutcome", .lastOutcome), entry("responses", .responses),
        entry("pending", .pending), entry("errorCodes", .errorCodes), entry("displayIds", .displayIds),
    ]
}
