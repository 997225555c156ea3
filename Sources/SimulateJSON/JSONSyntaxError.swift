/// The first place where the bytes are not RFC 8259 JSON (or where this parser's limits are exceeded).
public struct JSONSyntaxError: Error, Sendable, CustomStringConvertible {
    public var message: String
    /// Byte offset of the offending byte (the byte count for an unexpected end of input).
    public var offset: Int
    public var location: SourceLocation

    public init(message: String, offset: Int, location: SourceLocation) {
        self.message = message
        self.offset = offset
        self.location = location
    }

    public var description: String { "\(location): \(message)" }
}

/// A syntax error before its line and column are known.
struct JSONSyntaxIssue: Error {
    var message: String
    var offset: Int
}
