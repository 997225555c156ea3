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
        guard end < text.endIndex else { return "\"\(text)\"" }
        return "\"\(text[..<end])…\" (\(text.count) characters)"
    }
}
