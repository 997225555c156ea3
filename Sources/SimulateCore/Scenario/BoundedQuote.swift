/// User text quoted in an error message, bounded: a 300 KB name must not make a 300 KB message.
public enum BoundedQuote {
    /// Characters of the text a message shows at most.
    public static let limit = 60

    /// `"text"`, or its first characters, an ellipsis and its length: `"AAAA…" (300000 characters)`.
    public static func quote(_ text: String) -> String {
        var count = 0
        var end = text.startIndex
        while end < text.endIndex && count < limit {
            text.formIndex(after: &end)
            count += 1
        }
        guard end < text.endIndex else { return "\"\(escaped(text[...]))\"" }
        return "\"\(escaped(text[..<end]))…\" (\(text.count) characters)"
    }

    /// The text unquoted, bounded and with control characters escaped: for a command-line value in a message.
    public static func bounded(_ text: String) -> String {
        var count = 0
        var end = text.startIndex
        while end < text.endIndex && count < limit {
            text.formIndex(after: &end)
            count += 1
        }
        guard end < text.endIndex else { return escaped(text[...]) }
        return "\(escaped(text[..<end]))… (\(text.count) characters)"
    }

    /// `message` with every word longer than ``limit`` bounded: for messages made by libraries that echo input.
    public static func boundingLongWords(_ message: String) -> String {
        var result = ""
        for (index, line) in message.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if index > 0 { result += "\n" }
            result += line.split(separator: " ", omittingEmptySubsequences: false).map { word in
                guard word.count > limit else { return escaped(word) }
                // Quotes around the value stay around it: '999…' (100000 characters).
                let quotes: Set<Character> = ["'", "\"", "`"]
                let opening = word.first.map { quotes.contains($0) } == true ? String(word.first!) : ""
                let closing = word.count > 1 && word.last.map { quotes.contains($0) } == true ? String(word.last!) : ""
                let inner = String(word.dropFirst(opening.count).dropLast(closing.count))
                return opening + bounded(inner).replacingOccurrences(of: "… (", with: "…\(closing) (")
                    + (inner.count > limit ? "" : closing)
            }.joined(separator: " ")
        }
        return result
    }

    /// Control characters as JSON writes them (`\u0000`): a raw NUL or escape in a message reaches the terminal.
    static func escaped(_ text: Substring) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return String(text) }
        var result = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                let hex = String(scalar.value, radix: 16, uppercase: false)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value)
    }
}
