import SimulateJSON

/// One problem with a scenario file, located by JSON path and, when the source is known, line and column.
public struct ScenarioDiagnostic: Sendable, Equatable, CustomStringConvertible {
    /// Whether the bytes or the scenario are at fault.
    public enum Kind: String, Sendable {
        /// The bytes are not RFC 8259 JSON.
        case syntax
        /// The JSON is well-formed but not a valid scenario.
        case scenario
    }

    /// A syntax or a scenario problem.
    public var kind: Kind
    /// The scenario file, when there is one.
    public var file: String?
    /// Where in the document: `/devices/2/id`.
    public var path: JSONPath
    /// Line and column, when the source is known.
    public var location: SourceLocation?
    /// What is wrong and what was expected.
    public var message: String

    /// A diagnostic; see the members.
    public init(kind: Kind, file: String? = nil, path: JSONPath, location: SourceLocation? = nil, message: String) {
        self.kind = kind
        self.file = file
        self.path = path
        self.location = location
        self.message = message
    }

    /// `Scenarios/x.json:12:5: /devices/2/id: expected …` (the compiler's format, so editors can jump to it).
    public var description: String {
        var text = file ?? "<scenario>"
        if let location { text += ":\(location.line):\(location.column)" }
        text += ": "
        // A file that cannot be read has neither a location nor a path to show.
        if kind == .scenario && (location != nil || !path.components.isEmpty) {
            text += "\(path.description.isEmpty ? "/" : path.description): "
        }
        // A control character the file wrote as an escape (an id holding \u0000) is shown escaped again.
        return (text + message).split(separator: "\n", omittingEmptySubsequences: false)
            .map(BoundedQuote.escaped).joined(separator: "\n")
    }
}

/// Collects diagnostics while a scenario or a plugin's arguments are checked.
public final class Diagnostics {
    /// Every problem reported so far, in the order reported.
    public private(set) var items: [ScenarioDiagnostic] = []
    /// Durations given as a bare JSON number (read as seconds), for the unit warnings.
    public private(set) var bareSeconds: [BareSeconds] = []
    /// The scenario file being read, when it has one: what a plugin resolves relative paths against.
    public var scenarioFile: String?

    /// An empty collection.
    public init() {}

    /// Whether no problem has been reported.
    public var isEmpty: Bool { items.isEmpty }

    /// Reports a scenario problem at `path`; the loader adds file, line and column.
    public func error(_ message: String, at path: JSONPath) {
        items.append(ScenarioDiagnostic(kind: .scenario, path: path, message: message))
    }

    /// Adds a diagnostic made elsewhere (a syntax error, one with its location).
    public func append(_ diagnostic: ScenarioDiagnostic) {
        items.append(diagnostic)
    }

    /// Notes a duration written as a bare number of seconds, for the unit warnings.
    public func noteBareSeconds(_ number: String, nanoseconds: Int64, at path: JSONPath) {
        bareSeconds.append(BareSeconds(number: number, nanoseconds: nanoseconds, path: path))
    }
}

/// A duration written as a bare number of seconds: `"for": 3000`.
public struct BareSeconds: Sendable, Equatable {
    /// The number as written.
    public var number: String
    /// The duration it was read as.
    public var nanoseconds: Int64
    /// Where it is in the document.
    public var path: JSONPath
}

/// A scenario that could not be loaded or validated; nothing of it was run.
public struct ScenarioError: Error, Sendable, CustomStringConvertible {
    /// The scenario file, when there is one.
    public var file: String?
    /// Every problem found, in the order found.
    public var diagnostics: [ScenarioDiagnostic]

    /// An error for `file` with its problems.
    public init(file: String?, diagnostics: [ScenarioDiagnostic]) {
        self.file = file
        self.diagnostics = diagnostics
    }

    /// Each diagnostic on its own line, in the compiler's format.
    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
