import SimulateJSON

/// An intent's failure, answered as JSON in the result string and never thrown.
public struct IntentError: Error, Sendable, Equatable {
    /// The stable error codes; scenarios and callers may rely on these names.
    public enum Code: String, Sendable, CaseIterable {
        /// The input is not RFC 8259 JSON (`line` and `column` say where).
        case invalidJSON
        /// Well-formed JSON of the wrong shape: not an object, a missing, extra, duplicate or mistyped field,
        /// or a value out of range (`path` points at it).
        case invalidInput
        /// No intent of that name.
        case unknownIntent
        /// The input is longer than the configured limit (64 KiB by default), checked before parsing.
        case inputTooLarge
        /// No project with that id on the device.
        case unknownProject
        /// No task with that id or displayId on the device.
        case unknownTask
        /// More than one task on the device has that displayId (a counter collision).
        case ambiguousTask
        /// The counter could not allocate a displayId (offline, attempts used up, rejected, queue full).
        case counterUnavailable
        /// The caller stopped waiting: no answer within the configured timeout.
        case timeout
        /// The model store refused the change (its own code and message are in `message`).
        case storeError
    }

    /// The error code the answer carries.
    public var code: Code
    /// What went wrong, in words.
    public var message: String
    /// A JSON Pointer into the input, for errors about one field.
    public var path: String?
    /// Where the input stops being JSON (`invalidJSON` only).
    public var line: Int?
    /// The column where the input stops being JSON (`invalidJSON` only).
    public var column: Int?

    /// An error; see the members.
    public init(_ code: Code, _ message: String, path: String? = nil, line: Int? = nil, column: Int? = nil) {
        self.code = code
        self.message = message
        self.path = path
        self.line = line
        self.column = column
    }

    /// `{"code": …, "message": …, "path": …, "line": …, "column": …}` with the optional members only when set.
    public var json: JSON {
        var object: JSONObject = ["code": .string(code.rawValue), "message": .string(message)]
        if let path { object["path"] = .string(path) }
        if let line { object["line"] = JSON(line) }
        if let column { object["column"] = JSON(column) }
        return .object(object)
    }
}
