import SimulateJSON

/// A value a plugin reads from a scenario, declared once as a Swift type: a plugin's configuration,
/// or the arguments of one of its actions, invariants or observables.
///
/// The type lists its members as ``Field``s; from that one list come the documentation
/// (`simulate explain`, `simulate list`), the JSON Schema (`simulate schema`), the checks with
/// JSON path, line and column, and the typed value the run receives:
///
/// ```swift
/// struct Heartbeat: PluginArguments {
///     var interval = VirtualDuration.seconds(1)
///     var limit = 10
///     static let fields: [Field<Self>] = [
///         .duration("interval", \.interval, "Time between heartbeats."),
///         .integer("limit", \.limit, in: 1...100, "Heartbeats a device sends (1…100)."),
///     ]
/// }
/// ```
///
/// `init()` gives every member its default: a member a scenario leaves out keeps it, and the
/// documentation shows it. Members not declared are rejected as unknown fields.
public protocol PluginArguments: PluginValue {
    /// Every member at its default.
    init()
    /// The members, in the order documentation lists them.
    static var fields: [Field<Self>] { get }
    /// Rules between members that no single field can state (`backoffMax` at least `backoffInitial`).
    /// Report each problem at its member's path; the default checks nothing.
    func check(at path: JSONPath, diagnostics: Diagnostics)
    /// Members an earlier version accepted, each with the message that says what to write instead;
    /// a scenario that still uses one gets that message at its path. Not documented. Default: none.
    static var removedFields: [(name: String, message: String)] { get }
}

/// A value a plugin reads from a scenario, with its documentation. Declare it as
/// ``PluginArguments`` (fields) and both requirements follow; implement them by hand only for a
/// value no fields can describe, the way a `Codable` type may write its own `init(from:)`.
public protocol PluginValue: Sendable {
    /// The members as `simulate explain` and the JSON Schema show them.
    static var parameters: [ParameterDoc] { get }
    /// The value read from `json`; nil after reporting every problem at its JSON path.
    static func decode(_ json: JSON, at path: JSONPath, diagnostics: Diagnostics) -> Self?
}

extension PluginArguments {
    public func check(at path: JSONPath, diagnostics: Diagnostics) {}
    public static var removedFields: [(name: String, message: String)] { [] }

    /// The documentation of every member.
    public static var parameters: [ParameterDoc] { fields.map(\.doc) }

    /// Reads a JSON object into a value: every member declared is checked, every problem is
    /// reported at its JSON path, members not declared are rejected. Nil when anything was reported.
    /// Inlinable so that it is specialized for each plugin's type: a scenario decodes it once per step.
    @inlinable
    public static func decode(_ json: JSON, at path: JSONPath, diagnostics: Diagnostics) -> Self? {
        guard let reader = ObjectReader(json, at: path, diagnostics: diagnostics) else { return nil }
        let before = diagnostics.items.count
        var value = Self()
        for field in fields { field.read(reader, &value) }
        for (name, message) in removedFields where reader.has(name) {
            _ = reader.value(name)
            diagnostics.error(message, at: path / name)
        }
        value.check(at: path, diagnostics: diagnostics)
        reader.rejectUnknownKeys()
        return diagnostics.items.count == before ? value : nil
    }
}

/// Arguments of an entry that takes none: only `{}` (or no `args` at all) is accepted.
public struct NoArguments: PluginArguments, Equatable {
    public init() {}
    public static var fields: [Field<Self>] { [] }
}
