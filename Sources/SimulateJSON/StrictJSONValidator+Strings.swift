/// Strings: escapes, `\u` surrogate pairs and UTF-8, with the errors the scan can step over.
extension StrictJSONValidator {
    mutating func scanString(isKey: Bool) throws(JSONSyntaxIssue) {
        while index < count {
            let byte = self.byte(at: index)
            if byte >= 0x20 && byte < 0x80 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
                index += 1
            } else if byte == UInt8(ascii: "\"") {
                index += 1
                return
            } else if byte == UInt8(ascii: "\\") {
                try scanEscape(isKey: isKey)
            } else if byte < 0x20 {
                try recover(
                    issue("unescaped control character \(scalarName(UInt32(byte))) in string; write it as an escape"))
                index += 1
            } else {
                try scanUTF8Sequence()
            }
        }
        throw issue("unexpected end of input inside a string; expected '\"'")
    }

    private mutating func scanEscape(isKey: Bool) throws(JSONSyntaxIssue) {
        let start = index
        index += 1
        guard index < count else { throw issue("unexpected end of input inside a string escape") }
        switch self.byte(at: index) {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            index += 1
        case UInt8(ascii: "u"):
            let unit = try hexQuad(escapeStart: start)
            if unit == 0, isKey { hasKeyWithNUL = true }
            if unit >= 0xDC00 && unit <= 0xDFFF {
                try recover(
                    JSONSyntaxIssue(
                        message: "unpaired low surrogate escape \\u\(hex4(unit)); only a high surrogate may precede it",
                        offset: start))
                return
            }
            if unit >= 0xD800 && unit <= 0xDBFF {
                let lowStart = index
                let low: UInt32? =
                    if index + 1 < count, self.byte(at: index) == UInt8(ascii: "\\"),
                        self.byte(at: index + 1) == UInt8(ascii: "u")
                    {
                        try hexQuad(escapeStart: lowStart)
                    } else { nil }
                guard let low, low >= 0xDC00 && low <= 0xDFFF else {
                    try recover(
                        JSONSyntaxIssue(
                            message:
                                "unpaired high surrogate escape \\u\(hex4(unit)); a low surrogate escape must follow",
                            offset: start))
                    if low != nil { index = lowStart }
                    return
                }
            }
        default:
            try recover(
                JSONSyntaxIssue(
                    message: "invalid escape sequence '\\\(describeByte(at: index, quoted: false))' in string",
                    offset: start))
            if self.byte(at: index) != UInt8(ascii: "\"") { index += 1 }
        }
    }

    /// Reads `\uXXXX` with `index` at the `u`.
    private mutating func hexQuad(escapeStart: Int) throws(JSONSyntaxIssue) -> UInt32 {
        if self.byte(at: index) == UInt8(ascii: "\\") { index += 1 }
        index += 1
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < count else { throw issue("unexpected end of input inside a \\u escape") }
            let byte = self.byte(at: index)
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw issue("a \\u escape needs four hexadecimal digits, found \(describeByte(at: index))")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private mutating func scanUTF8Sequence() throws(JSONSyntaxIssue) {
        let lead = self.byte(at: index)
        let length: Int
        var lower: UInt8 = 0x80
        var upper: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; upper = 0x9F
        case 0xF0: length = 4; lower = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; upper = 0x8F
        default:
            try recover(issue("invalid UTF-8 byte 0x\(hex2(lead))"))
            index += 1
            return
        }
        for offset in 1..<length {
            guard index + offset < count else { throw issue("truncated UTF-8 sequence at the end of input") }
            let byte = self.byte(at: index + offset)
            guard byte >= lower && byte <= upper else {
                try recover(issue("invalid UTF-8 sequence starting with byte 0x\(hex2(lead))"))
                index += offset
                return
            }
            lower = 0x80
            upper = 0xBF
        }
        index += length
    }
}
