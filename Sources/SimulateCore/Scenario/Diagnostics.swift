import SimulateJSON

/// One problem with a scenario file, located by JSON path and, when the source is known, line and column.
public struct ScenarioDiagnostic: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        /// The bytes are not RFC 8259 JSON.
        case syntax
        /// The JSON is well-formed but not a valid scenario.
        case scenario
    }

    public var kind: Kind
    public var file: String?
    public var path: JSONPath
    public var location: SourceLocation?
    public var message: String

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
    public private(set) var items: [ScenarioDiagnostic] = []
    /// Durations given as a bare JSON number (read as seconds), for the unit warnings.
    public private(set) var bareSeconds: [BareSeconds] = []
    /// The scenario file being read, when it has one: what a plugin resolves relative paths against.
    public var scenarioFile: String?

    public init() {}

    public var isEmpty: Bool { items.isEmpty }

    public func error(_ message: String, at path: JSONPath) {
        items.append(ScenarioDiagnostic(kind: .scenario, path: path, message: message))
    }

    public func append(_ diagnostic: ScenarioDiagnostic) {
        items.append(diagnostic)
    }

    public func noteBareSeconds(_ number: String, nanoseconds: Int64, at path: JSONPath) {
        bareSeconds.append(BareSeconds(number: number, nanoseconds: nanoseconds, path: path))
    }
}

/// A duration written as a bare number of seconds: `"for": 3000`.
public struct BareSeconds: Sendable, Equatable {
    /// The number as written.
    public var number: String
    public var nanoseconds: Int64
    public var path: JSONPath
}

/// A scenario that could not be loaded or validated; nothing of it was run.
public struct ScenarioError: Error, Sendable, CustomStringConvertible {
    public var file: String?
    public var diagnostics: [ScenarioDiagnostic]

    public init(file: String?, diagnostics: [ScenarioDiagnostic]) {
        self.file = file
        self.diagnostics = diagnostics
    }

    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
