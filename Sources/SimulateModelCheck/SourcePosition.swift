/// Where a declaration is: the file as the user named it, a 1-based line and a 1-based column (UTF-8),
/// as the compiler prints them.
public struct SourcePosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The file as the user named it.
    public var file: String
    /// The line, from 1.
    public var line: Int
    /// The column, from 1, in UTF-8 bytes.
    public var column: Int

    /// A position.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `Models/Item.swift:12:9`.
    public var description: String { "\(file):\(line):\(column)" }

    /// By file, then line, then column.
    public static func < (a: SourcePosition, b: SourcePosition) -> Bool {
        (a.file, a.line, a.column) < (b.file, b.line, b.column)
    }
}

/// A problem with the input that stops the check: a path that cannot be read, a source that does not
/// parse, or a declaration model-check cannot turn into a schema. `simulate model-check` exits with 2.
public struct InputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where the problem is, when it is in a source.
    public var position: SourcePosition?
    /// The path when there is no position (an unreadable path).
    public var path: String?
    /// What is wrong.
    public var message: String

    /// A problem at a position in a source.
    public init(at position: SourcePosition, _ message: String) {
        self.position = position
        self.message = message
    }

    /// A problem with a path (one that cannot be read).
    public init(path: String, _ message: String) {
        self.path = path
        self.message = message
    }

    /// `file:line:column: error: message`, the form editors show inline.
    public var description: String {
        if let position { return "\(position): error: \(message)" }
        return "\(path ?? "<input>"): error: \(message)"
    }
}
