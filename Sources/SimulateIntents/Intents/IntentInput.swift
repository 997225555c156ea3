import SimulateCore
import SimulateJSON

/// Turns an intent's input string into a JSON object, or the error an App Intent would answer.
enum IntentInput {
    /// The default limit on input size: 64 KiB of UTF-8.
    static let defaultMaxBytes = 65_536

    /// Size first (before any parsing), then strict RFC 8259 syntax, then no duplicate keys, then an object.
    static func object(from text: String, maxBytes: Int) -> Result<JSONObject, IntentError> {
        let size = text.utf8.count
        guard size <= maxBytes else {
            return .failure(
                IntentError(.inputTooLarge, "input is \(size) bytes; the limit is \(maxBytes) bytes"))
        }
        let document: JSONDocument
        do {
            document = try JSONParser.parse(text)
        } catch {
            return .failure(
                IntentError(
                    .invalidJSON, "input is not JSON: \(error.message)", line: error.location.line,
                    column: error.location.column))
        }
        if let duplicate = document.duplicateKeys.first {
            return .failure(
                IntentError(
                    .invalidInput, "duplicate field \(BoundedQuote.quote(duplicate.key))",
                    path: duplicate.path.description))
        }
        guard case .object(let object) = document.root else {
            return .failure(
                IntentError(.invalidInput, "expected a JSON object, found \(document.root.typeName)", path: ""))
        }
        return .success(object)
    }
}

/// Reads an input object's fields with the scenario loader's type checks, stopping at the first problem.
struct InputFields {
    let reader: ObjectReader
    private let diagnostics = Diagnostics()
    private let object: JSONObject
    private var missing: IntentError?

    /// `null` for an `optional` field is the field left out, as `JSONDecoder` decodes an optional property
    /// (`decodeIfPresent`); for a required field it stays a wrong type.
    init(_ input: JSONObject, required: [String], optional: [String] = []) {
        var object = input
        for key in optional where object[key]?.isNull == true { object[key] = nil }
        self.object = object
        reader = ObjectReader(.object(object), at: .root, diagnostics: diagnostics)!
        if let key = required.first(where: { object[$0] == nil }) {
            missing = IntentError(.invalidInput, "missing required field \"\(key)\"", path: "/\(key)")
        }
    }

    /// The first problem: a missing field, a wrong type, an extra field (in that order).
    func finish() -> IntentError? {
        if let missing { return missing }
        if diagnostics.isEmpty { reader.rejectUnknownKeys() }
        guard let first = diagnostics.items.first else { return nil }
        return IntentError(.invalidInput, first.message, path: first.path.description)
    }

    /// Non-blank text of at most `maxCharacters` characters.
    func text(_ key: String, maxCharacters: Int = 500) -> String? {
        guard let text = reader.string(key) else { return nil }
        if text.allSatisfy(\.isWhitespace) {
            diagnostics.error("must not be empty", at: .root / key)
        } else if text.count > maxCharacters {
            diagnostics.error("must be at most \(maxCharacters) characters, found \(text.count)", at: .root / key)
        }
        return text
    }

    func id(_ key: String) -> String? { reader.id(key) }
    func int(_ key: String, range: ClosedRange<Int>) -> Int? { reader.int(key, range: range) }
    func bool(_ key: String) -> Bool? { reader.bool(key) }
    func has(_ key: String) -> Bool { object[key] != nil }

    func fail(_ message: String, at key: String) {
        diagnostics.error(message, at: .root / key)
    }
}
