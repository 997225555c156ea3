import SimulateCore
import SimulateJSON

/// The parser refuses arrays nested deeper than 512.
enum StrictDepth {
    static let beyondLimit = 513
}

/// Seeded inputs of every malformed kind, from the plugin's own stream on the device.
struct MalformedInputs {
    var random: SeededRandom
    let maxInputBytes: Int

    private static let notJSON = [
        "", " ", "{", "}", "{\"name\": \"x\",}", "{'name': 'x'}", "{name: \"x\"}", "[1, 2", "NaN",
        "{\"name\": \"x\"} trailing", "{\"a\": 01}", "{\"a\": .5}", "\"unterminated", "{\"a\": \"tab\tinside\"}",
        "// comment\n{}", "{\"a\": true false}", "undefined", "{\"a\": 1e}", "{\"a\":\"\\x41\"}", "{\"a\": -}",
        "tru", "nul", "{\"a\" 1}", "{,}", "[,1]", "{\"a\": Infinity}", "{\"a\": 0x1F}", "<xml/>",
    ]

    private static let hostile = [
        "quote \" inside", "back\\slash", "new\nline", "tab\tand\rreturn", "nul \u{0}", "bell \u{7}",
        "emoji 🧪🚀", "é combining e\u{301}", "</script>", "\\\"escaped\\\"", "{\"json\": true}", "\u{2028}line sep",
    ]

    /// `count` calls, each of a kind chosen uniformly among `kinds` that apply to the chosen intent.
    mutating func calls(count: Int, intent: IntentName?, kinds: [FuzzKind]) -> [FuzzCall] {
        (0..<count).compactMap { _ in
            let target = intent ?? pick(IntentName.allCases)
            let usable = kinds.filter { $0.applies(to: target) }
            guard !usable.isEmpty else { return nil }
            return call(pick(usable), intent: target)
        }
    }

    mutating func call(_ kind: FuzzKind, intent: IntentName) -> FuzzCall {
        let missingID = "fuzzMissing\(random.below(1 << 40))"
        var object = FuzzFields.base(intent, missingID: missingID)
        let fields = FuzzFields.fields(intent)
        let text: String
        switch kind {
        case .notJSON, .deepNesting, .notObject, .tooLarge:
            text = fieldFree(kind, valid: object, padding: fields[0].name)
        case .wrongType:
            let field = pick(fields)
            object[field.name] = FuzzFields.wrongValue(for: field, choice: Int(random.below(100)))
            text = JSONWriter.string(.object(object))
        case .missingField:
            let field = pick(fields.filter(\.required))
            object[field.name] = nil
            text = JSONWriter.string(.object(object))
        case .extraField:
            object[pick(["extra", "Title", "displayID", "projectId", "ok", ""])] = pick([1, "x", .null, true])
            text = JSONWriter.string(.object(object))
        case .duplicateField:
            let field = pick(fields.filter { object[$0.name] != nil })
            let body = JSONWriter.string(.object(object))
            let repeated = JSONWriter.escape(field.name) + ":" + JSONWriter.string(object[field.name] ?? .null)
            text = String(body.dropLast()) + "," + repeated + "}"
        case .badValue:
            let bad = FuzzFields.badValue(intent, choice: Int(random.below(100)))
            object[bad.key] = bad.value
            text = JSONWriter.string(.object(object))
        case .unknownProject, .unknownTask:
            text = JSONWriter.string(.object(object))
        case .unknownIntent:
            let name = pick(["", "addtask", "AddTask", "add_task", "createProjects", "delete", "listTasks ", "🧪"])
            return FuzzCall(
                intent: name, input: JSONWriter.string(.object(object)), kind: kind, maxInputBytes: maxInputBytes)
        case .hostileText:
            text = JSONWriter.string(["name": .string(pick(Self.hostile) + " \(random.below(1000))")])
        }
        return FuzzCall(intent: intent.rawValue, input: text, kind: kind, maxInputBytes: maxInputBytes)
    }

    /// `count` calls to the app's own intents (one of `intents`, chosen uniformly), each of a kind among `kinds`
    /// that needs no knowledge of the intent's fields (``FuzzKind/anyIntent``); `fuzzCodes` does not judge them.
    mutating func calls(count: Int, ownIntents intents: [String], kinds: [FuzzKind]) -> [FuzzCall] {
        let usable = kinds.filter { FuzzKind.anyIntent.contains($0) }
        guard !usable.isEmpty, !intents.isEmpty else { return [] }
        return (0..<count).map { _ in
            let intent = pick(intents)
            let kind = pick(usable)
            let text = fieldFree(kind, valid: ["text": "x", "count": 1], padding: "text")
            var call = FuzzCall(intent: intent, input: text, kind: kind, maxInputBytes: maxInputBytes)
            call.judgesCode = false
            return call
        }
    }

    /// An input of a kind that needs no knowledge of the intent's fields (``FuzzKind/anyIntent``): `valid` cut
    /// short or with its `padding` field past `maxInputBytes`, nesting past the parser's limit, or JSON that is
    /// not an object.
    private mutating func fieldFree(_ kind: FuzzKind, valid: JSONObject, padding field: String) -> String {
        switch kind {
        case .deepNesting:
            let depth = max(StrictDepth.beyondLimit, min(random.int(in: 600...2000), maxInputBytes / 2))
            return RepeatedASCII.text("[", count: depth, then: "]")
        case .notObject:
            return pick(["[]", "[{\"name\": \"x\"}]", "42", "\"text\"", "null", "true", "-0.5e3"])
        case .tooLarge:
            var object = valid
            object[field] = .string(RepeatedASCII.text("x", count: maxInputBytes + random.int(in: 1...256)))
            return JSONWriter.string(.object(object))
        default:
            return random.chance(0.5) ? pick(Self.notJSON) : truncated(JSONWriter.string(.object(valid)))
        }
    }

    /// A valid input cut short (never valid JSON: an object cut before its closing brace is incomplete).
    private mutating func truncated(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        let length = random.int(in: 0...(scalars.count - 1))
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[0..<length])
        return String(view)
    }

    private mutating func pick<T>(_ items: [T]) -> T {
        items[Int(random.below(UInt64(items.count)))]
    }
}
