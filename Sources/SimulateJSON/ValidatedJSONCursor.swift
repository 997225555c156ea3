/// Moves over bytes that `StrictJSONValidator` has accepted, so it never checks grammar again.
struct ValidatedJSONCursor {
    /// The document's bytes, the buffer json-c parses (no copy); read through ``byte(at:)``, which checks the
    /// bounds (docs/performance.md: the checks here and in ``StrictJSONValidator`` cost 2.3 % of the instructions
    /// of `simulate-bench load` on a 10 MB scenario under callgrind and nothing measurable in
    /// `simulate-bench loader`, so they stay on).
    let base: UnsafePointer<UInt8>
    let count: Int
    var index: Int

    init(base: UnsafePointer<UInt8>, count: Int, index: Int = 0) {
        self.base = base
        self.count = count
        self.index = index
    }

    var byte: UInt8 { self.byte(at: index) }

    /// The byte at `position`, bounds-checked.
    @inline(__always)
    func byte(at position: Int) -> UInt8 {
        precondition(UInt(bitPattern: position) < UInt(bitPattern: count), "a read within the document")
        return base[position]
    }

    @inline(__always)
    mutating func skipWhitespace() {
        while index < count {
            let byte = self.byte(at: index)
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            index += 1
        }
    }

    /// Skips a `,` or `:` and the whitespace around the next token; returns false at a closing bracket.
    @inline(__always)
    mutating func skipSeparator() -> Bool {
        skipWhitespace()
        let byte = self.byte(at: index)
        guard byte == UInt8(ascii: ",") || byte == UInt8(ascii: ":") else { return false }
        index += 1
        skipWhitespace()
        return true
    }

    /// With `index` at an opening quote: moves past the closing quote.
    mutating func skipString() {
        index += 1
        while self.byte(at: index) != UInt8(ascii: "\"") {
            index += self.byte(at: index) == UInt8(ascii: "\\") ? 2 : 1
        }
        index += 1
    }

    /// With `index` at an opening quote: decodes the string and moves past the closing quote. A string without
    /// escapes is its bytes as they stand: `unescaped`, another decoder's string for it, is returned instead of a
    /// new copy when its UTF-8 is exactly as long as those bytes.
    mutating func decodeString(unescaped: String? = nil) -> String {
        let start = index + 1
        index = start
        while true {
            let byte = self.byte(at: index)
            if byte == UInt8(ascii: "\"") {
                index += 1
                if let unescaped, unescaped.utf8.count == index - 1 - start { return unescaped }
                return String(
                    decoding: UnsafeBufferPointer(start: base + start, count: index - 1 - start), as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") { break }
            index += 1
        }
        var bytes = Array(UnsafeBufferPointer(start: base + start, count: index - start))
        while true {
            let byte = self.byte(at: index)
            if byte == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: bytes, as: UTF8.self)
            }
            guard byte == UInt8(ascii: "\\") else {
                bytes.append(byte)
                index += 1
                continue
            }
            let escape = self.byte(at: index + 1)
            index += 2
            switch escape {
            case UInt8(ascii: "b"): bytes.append(0x08)
            case UInt8(ascii: "f"): bytes.append(0x0C)
            case UInt8(ascii: "n"): bytes.append(0x0A)
            case UInt8(ascii: "r"): bytes.append(0x0D)
            case UInt8(ascii: "t"): bytes.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = readHexQuad()
                if scalar >= 0xD800 && scalar <= 0xDBFF {
                    index += 2
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (readHexQuad() - 0xDC00)
                }
                UTF8.encode(Unicode.Scalar(scalar)!) { bytes.append($0) }
            default: bytes.append(escape)
            }
        }
    }

    private mutating func readHexQuad() -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = self.byte(at: index) | 0x20
            value =
                value << 4
                | UInt32(byte >= UInt8(ascii: "a") ? byte - UInt8(ascii: "a") + 10 : byte - UInt8(ascii: "0"))
            index += 1
        }
        return value
    }

    /// With `index` at a number: moves past it and returns its range and whether it is an integer literal.
    mutating func scanNumber() -> (range: Range<Int>, isInteger: Bool) {
        let start = index
        var isInteger = true
        while index < count {
            let byte = self.byte(at: index)
            if byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") {
                index += 1
            } else if byte == UInt8(ascii: ".") || byte | 0x20 == UInt8(ascii: "e") {
                isInteger = false
                index += 1
            } else {
                break
            }
        }
        return (start..<index, isInteger)
    }

    /// With `index` at a value: moves past it.
    mutating func skipValue() {
        var depth = 0
        repeat {
            switch self.byte(at: index) {
            case UInt8(ascii: "\""): skipString()
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                index += 1
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = scanNumber()
            case UInt8(ascii: "t"), UInt8(ascii: "n"): index += 4
            case UInt8(ascii: "f"): index += 5
            default: index += 1
            }
        } while depth > 0
    }

    /// `skipValue`, counting the value's members: its own (-1 when it is not an object) and all of them, at
    /// any depth.
    mutating func skipValueCountingMembers() -> (own: Int, all: Int) {
        let isObject = self.byte(at: index) == UInt8(ascii: "{")
        var depth = 0
        var own = 0
        var all = 0
        repeat {
            switch self.byte(at: index) {
            case UInt8(ascii: "\""): skipString()
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                index += 1
            case UInt8(ascii: ":"):
                all += 1
                if depth == 1 { own += 1 }
                index += 1
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = scanNumber()
            case UInt8(ascii: "t"), UInt8(ascii: "n"): index += 4
            case UInt8(ascii: "f"): index += 5
            default: index += 1
            }
        } while depth > 0
        return (isObject ? own : -1, all)
    }

    /// Converts the number literal at `range`; throws when a fraction or exponent overflows `Double`.
    func number(in range: Range<Int>, isInteger: Bool) throws(JSONSyntaxIssue) -> JSON {
        if isInteger {
            let negative = self.byte(at: range.lowerBound) == UInt8(ascii: "-")
            var magnitude: UInt64 = 0
            var overflow = false
            for position in (negative ? range.lowerBound + 1 : range.lowerBound)..<range.upperBound {
                let (times10, o1) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, o2) = times10.addingReportingOverflow(UInt64(self.byte(at: position) - UInt8(ascii: "0")))
                if o1 || o2 {
                    overflow = true
                    break
                }
                magnitude = sum
            }
            if !overflow {
                if !negative {
                    return magnitude <= UInt64(Int64.max) ? .integer(Int64(magnitude)) : .unsignedInteger(magnitude)
                }
                if magnitude <= UInt64(Int64.max) { return .integer(-Int64(magnitude)) }
                if magnitude == UInt64(Int64.max) + 1 { return .integer(.min) }
            }
        }
        let text = String(
            decoding: UnsafeBufferPointer(start: base + range.lowerBound, count: range.count), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw JSONSyntaxIssue(
                message: "number \(Self.bounded(text)) is outside the range of a 64-bit floating-point value",
                offset: range.lowerBound)
        }
        return .double(value)
    }

    /// A number as a message shows it: a 100,000-digit one by its first 40 characters and its length.
    static func bounded(_ text: String) -> String {
        text.utf8.count <= 60 ? text : "\(text.prefix(40))… (\(text.utf8.count) characters)"
    }
}
