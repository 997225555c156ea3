/// One pass over the bytes that accepts exactly RFC 8259 JSON text, without allocating per byte.
///
/// Choices where RFC 8259 leaves room: UTF-8 must be well-formed (RFC 3629), so encoded surrogates and overlong
/// forms are errors; `\u` escapes must form valid Unicode scalars, so an unpaired surrogate escape such as
/// `\ud800` is an error (as in I-JSON, RFC 7493: a Swift `String` cannot hold it, and replacing it would change
/// the data); a byte order mark is an error; containers nest at most `maximumDepth` deep.
struct StrictJSONValidator {
    static let maximumDepth = 512

    struct Summary {
        var rootStart: Int
        var rootEnd: Int
        /// Object members counted in the text, duplicates included.
        var objectMemberCount: Int
        /// A key contains `\u0000`, which C-string keys (json-c) cannot hold.
        var hasKeyWithNUL: Bool
        /// Where each member value of the root object ends, in order (empty for any other root).
        var rootMemberEnds: [Int] = []
        /// How deep objects and arrays nest at most (0 for a scalar root); a parser's stack needs no more.
        var deepest = maximumDepth
    }

    /// Read through ``byte(at:)``, bounds-checked (the figure is at ``ValidatedJSONCursor/base``).
    let base: UnsafePointer<UInt8>
    let count: Int
    var index = 0
    private var memberCount = 0
    var hasKeyWithNUL = false
    private var rootMemberEnds: [Int] = []
    /// Errors after which the scan goes on (inside a string or a number), so one pass reports several.
    var recovered: [JSONSyntaxIssue] = []
    static let maximumRecovered = 50

    /// The byte at `position`, bounds-checked.
    @inline(__always)
    func byte(at position: Int) -> UInt8 {
        precondition(UInt(bitPattern: position) < UInt(bitPattern: count), "a read within the document")
        return base[position]
    }

    private init(base: UnsafePointer<UInt8>, count: Int) {
        self.base = base
        self.count = count
    }

    static func validate(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxIssue) -> Summary {
        guard let base = bytes.baseAddress, !bytes.isEmpty else {
            throw JSONSyntaxIssue(message: "the document is empty; expected a JSON value", offset: 0)
        }
        var validator = StrictJSONValidator(base: base, count: bytes.count)
        return try validator.run()
    }

    /// Scans the whole text; every error is thrown as one issue whose `further` holds the rest, in text order.
    private mutating func run() throws(JSONSyntaxIssue) -> Summary {
        let summary: Summary
        do {
            summary = try scan()
        } catch {
            throw combined(ending: error)
        }
        if !recovered.isEmpty { throw combined(ending: nil) }
        return summary
    }

    private func combined(ending fatal: JSONSyntaxIssue?) -> JSONSyntaxIssue {
        var all = recovered
        if let fatal { all.append(fatal) }
        var first = all.removeFirst()
        first.further = all
        return first
    }

    /// Notes an error the scan can step over; throws it once too many have been noted.
    mutating func recover(_ issue: JSONSyntaxIssue) throws(JSONSyntaxIssue) {
        guard recovered.count < Self.maximumRecovered else { throw issue }
        recovered.append(issue)
    }

    private mutating func scan() throws(JSONSyntaxIssue) -> Summary {
        if let encoding = TextEncodingSniffer.otherEncoding(base: base, count: count) {
            throw JSONSyntaxIssue(
                message: "the file is \(encoding); JSON text must be UTF-8 (RFC 8259 section 8.1): "
                    + "convert it, for example with `iconv -f \(encoding.iconvName) -t UTF-8`",
                offset: 0)
        }
        if count >= 3, self.byte(at: 0) == 0xEF, self.byte(at: 1) == 0xBB, self.byte(at: 2) == 0xBF {
            try recover(JSONSyntaxIssue(message: "a byte order mark (U+FEFF) is not allowed in JSON text", offset: 0))
            index = 3
        }
        skipWhitespace()
        let rootStart = index
        if index == count {
            throw JSONSyntaxIssue(message: "the document is empty; expected a JSON value", offset: index)
        }
        var parents: [Bool] = []
        parents.reserveCapacity(32)
        var inObject = false
        var depth = 0
        var deepest = 0

        nextValue: while true {
            guard index < count else { throw issue("unexpected end of input; expected a value") }
            switch self.byte(at: index) {
            case UInt8(ascii: "{"):
                guard depth < Self.maximumDepth else { throw tooDeep() }
                parents.append(inObject)
                inObject = true
                depth += 1
                deepest = max(deepest, depth)
                index += 1
                skipWhitespace()
                if index < count, self.byte(at: index) == UInt8(ascii: "}") {
                    index += 1
                    inObject = parents.removeLast()
                    depth -= 1
                } else {
                    try memberKey(afterComma: false)
                    continue nextValue
                }
            case UInt8(ascii: "["):
                guard depth < Self.maximumDepth else { throw tooDeep() }
                parents.append(inObject)
                inObject = false
                depth += 1
                deepest = max(deepest, depth)
                index += 1
                skipWhitespace()
                if index < count, self.byte(at: index) == UInt8(ascii: "]") {
                    index += 1
                    inObject = parents.removeLast()
                    depth -= 1
                } else {
                    continue nextValue
                }
            case UInt8(ascii: "\""):
                index += 1
                try scanString(isKey: false)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                try scanNumber()
            case UInt8(ascii: "t"):
                try scanLiteral("true")
            case UInt8(ascii: "f"):
                try scanLiteral("false")
            case UInt8(ascii: "n"):
                try scanLiteral("null")
            default:
                throw unexpectedValueStart()
            }

            while true {
                // Here a value has just ended; at depth 1 in an object, a member value of the root.
                if depth == 1, inObject { rootMemberEnds.append(index) }
                skipWhitespace()
                if depth == 0 {
                    guard index == count else {
                        throw issue("unexpected \(describeByte(at: index)) after the JSON value")
                    }
                    return Summary(
                        rootStart: rootStart, rootEnd: index, objectMemberCount: memberCount,
                        hasKeyWithNUL: hasKeyWithNUL, rootMemberEnds: rootMemberEnds, deepest: deepest)
                }
                let expected =
                    inObject ? "expected ',' or '}' after object member" : "expected ',' or ']' after array element"
                guard index < count else { throw issue("unexpected end of input; \(expected)") }
                let byte = self.byte(at: index)
                if byte == UInt8(ascii: ",") {
                    index += 1
                    skipWhitespace()
                    if inObject {
                        try memberKey(afterComma: true)
                    } else if index < count, self.byte(at: index) == UInt8(ascii: "]") {
                        throw issue("a trailing comma is not allowed in an array")
                    }
                    continue nextValue
                }
                guard byte == (inObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
                    throw issue("\(expected), found \(describeByte(at: index))")
                }
                index += 1
                inObject = parents.removeLast()
                depth -= 1
            }
        }
    }

    private mutating func memberKey(afterComma: Bool) throws(JSONSyntaxIssue) {
        guard index < count else { throw issue("unexpected end of input; expected a string key") }
        guard self.byte(at: index) == UInt8(ascii: "\"") else {
            if afterComma, self.byte(at: index) == UInt8(ascii: "}") {
                throw issue("a trailing comma is not allowed in an object")
            }
            if self.byte(at: index) == UInt8(ascii: "'") {
                throw issue("single quotes are not allowed; keys are strings in double quotes")
            }
            throw issue("expected a string key in double quotes, found \(describeByte(at: index))")
        }
        index += 1
        try scanString(isKey: true)
        skipWhitespace()
        guard index < count, self.byte(at: index) == UInt8(ascii: ":") else {
            throw issue("expected ':' after object key, found \(describeByte(at: index))")
        }
        index += 1
        skipWhitespace()
        memberCount += 1
    }

    @inline(__always)
    private mutating func skipWhitespace() {
        while index < count {
            let byte = self.byte(at: index)
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            index += 1
        }
    }

    private mutating func scanNumber() throws(JSONSyntaxIssue) {
        if self.byte(at: index) == UInt8(ascii: "-") {
            index += 1
            guard isDigit(at: index) else {
                throw issue("expected a digit after '-', found \(describeByte(at: index))")
            }
        }
        if self.byte(at: index) == UInt8(ascii: "0") {
            index += 1
            if isDigit(at: index) {
                try recover(JSONSyntaxIssue(message: "leading zeros are not allowed", offset: index - 1))
                while isDigit(at: index) { index += 1 }
            }
        } else {
            while isDigit(at: index) { index += 1 }
        }
        if index < count, self.byte(at: index) == UInt8(ascii: ".") {
            index += 1
            guard isDigit(at: index) else {
                throw issue("expected a digit after the decimal point, found \(describeByte(at: index))")
            }
            while isDigit(at: index) { index += 1 }
        }
        if index < count, self.byte(at: index) | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < count, self.byte(at: index) == UInt8(ascii: "+") || self.byte(at: index) == UInt8(ascii: "-") {
                index += 1
            }
            guard isDigit(at: index) else {
                throw issue("expected a digit in the exponent, found \(describeByte(at: index))")
            }
            while isDigit(at: index) { index += 1 }
        }
    }

    @inline(__always)
    private func isDigit(at position: Int) -> Bool {
        position < count && self.byte(at: position) &- UInt8(ascii: "0") < 10
    }

    private mutating func scanLiteral(_ literal: StaticString) throws(JSONSyntaxIssue) {
        let start = index
        for offset in 0..<literal.utf8CodeUnitCount {
            guard index < count, self.byte(at: index) == literal.utf8Start[offset] else {
                if index == count { throw issue("unexpected end of input; expected '\(literal)'") }
                throw JSONSyntaxIssue(message: "invalid literal; expected '\(literal)'", offset: start)
            }
            index += 1
        }
    }

    private func unexpectedValueStart() -> JSONSyntaxIssue {
        let byte = self.byte(at: index)
        let message =
            switch byte {
            case UInt8(ascii: "'"): "single quotes are not allowed; strings use double quotes"
            case UInt8(ascii: "/"): "comments are not allowed in JSON"
            case UInt8(ascii: "+"): "a number cannot start with '+'"
            case UInt8(ascii: "."): "a number needs a digit before the decimal point"
            case UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ","):
                "expected a value, found \(describeByte(at: index))"
            case 0x0B, 0x0C, 0xC2, 0xE2, 0xE3, 0xEF:
                "unexpected \(describeByte(at: index)); JSON whitespace is only space, tab, line feed and carriage return"
            default: "unexpected \(describeByte(at: index)); expected a value"
            }
        return JSONSyntaxIssue(message: message, offset: index)
    }

    private func tooDeep() -> JSONSyntaxIssue {
        issue("containers are nested more than \(Self.maximumDepth) levels deep")
    }

    func issue(_ message: String) -> JSONSyntaxIssue {
        JSONSyntaxIssue(message: message, offset: index)
    }

    /// "end of input", "character 'x'", "character U+00A0" or "byte 0xFF".
    func describeByte(at position: Int, quoted: Bool = true) -> String {
        guard position < count else { return "end of input" }
        let byte = self.byte(at: position)
        if byte >= 0x21 && byte < 0x7F {
            let text = String(UnicodeScalar(byte))
            return quoted ? "character '\(text)'" : text
        }
        if byte < 0x80 { return "character \(scalarName(UInt32(byte)))" }
        var decoder = UTF8()
        var iterator = UnsafeBufferPointer(start: base + position, count: min(4, count - position)).makeIterator()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return "character \(scalarName(scalar.value))" }
        return "byte 0x\(hex2(byte))"
    }
}

func scalarName(_ value: UInt32) -> String {
    "U+" + hex4(value)
}

func hex4(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}

func hex2(_ value: UInt8) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return digits.count == 1 ? "0" + digits : digits
}
