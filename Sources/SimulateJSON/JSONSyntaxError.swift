/// The first place where the bytes are not RFC 8259 JSON (or where this parser's limits are exceeded).
public struct JSONSyntaxError: Error, Sendable, CustomStringConvertible {
    /// What is wrong, and what was expected.
    public var message: String
    /// Byte offset of the offending byte (the byte count for an unexpected end of input).
    public var offset: Int
    /// The line and column of ``offset``.
    public var location: SourceLocation
    /// Later errors in the same text, in text order: the scan steps over errors inside a string or a
    /// number (control characters, bad escapes, unpaired surrogates, invalid UTF-8, leading zeros).
    public var furtherErrors: [JSONSyntaxError]

    /// An error; see the members.
    public init(message: String, offset: Int, location: SourceLocation, furtherErrors: [JSONSyntaxError] = []) {
        self.message = message
        self.offset = offset
        self.location = location
        self.furtherErrors = furtherErrors
    }

    /// `line:column: message`.
    public var description: String { "\(location): \(message)" }
}

/// A syntax error before its line and column are known.
struct JSONSyntaxIssue: Error {
    var message: String
    var offset: Int
    var further: [JSONSyntaxIssue] = []
}
