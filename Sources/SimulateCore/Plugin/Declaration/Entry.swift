import SimulateJSON

/// A plugin's actions, invariants or observables, declared once as a Swift type (usually an enum
/// whose cases carry their arguments). `entries` names each one, documents it and says how its
/// arguments become a value:
///
/// ```swift
/// enum HeartbeatAction: PluginEntries {
///     case stop
///     case burst(Burst)   // Burst: PluginArguments
///     static let entries: [Entry<Self>] = [
///         .entry("stop", "Stop this device's heartbeats.", device: .required(), .stop),
///         .entry("burst", "Send several at once.", device: .required(), arguments: Burst.self, Self.burst),
///     ]
/// }
/// ```
public protocol PluginEntries: Sendable {
    static var entries: [Entry<Self>] { get }
}

/// For a plugin without actions (or invariants, or observables): there are none to name.
public struct NoEntries: PluginEntries {
    private init() {}
    public static var entries: [Entry<Self>] { [] }
}

/// Whether a step (or a check) names a device.
public enum DeviceUse: Sendable, Equatable {
    /// Either way.
    case optional
    /// A device is required; `role` says why, as in `counter.next runs on a device: add "device"`.
    case required(role: String = "runs on a device")
    /// No device: the entry acts on the server (`role`, as in `sse.serverMode acts on the server`).
    case forbidden(role: String = "acts on the server")
}

/// One declared action, invariant or observable of type `Value`.
public struct Entry<Value>: Sendable {
    public let doc: EntryDoc
    public let device: DeviceUse
    @usableFromInline let decode: @Sendable (JSON, JSONPath, Diagnostics) -> Value?

    @usableFromInline
    init(doc: EntryDoc, device: DeviceUse, decode: @escaping @Sendable (JSON, JSONPath, Diagnostics) -> Value?) {
        var doc = doc
        doc.device = device
        self.doc = doc
        self.device = device
        self.decode = decode
    }

    /// An entry without arguments: `value` is what the run receives.
    public static func entry(
        _ name: String, _ summary: String, details: String = "", device: DeviceUse = .optional,
        valueType: String = "", _ value: Value
    ) -> Entry where Value: Sendable {
        Entry(
            doc: EntryDoc(name, summary, details: details, perDevice: device != .optional, valueType: valueType),
            device: device,
            decode: { json, path, diagnostics in
                NoArguments.decode(json, at: path, diagnostics: diagnostics).map { _ in value }
            })
    }

    /// An entry with arguments: the run receives `make(arguments)`. Inlinable, as the next: the decoding
    /// is specialized for the plugin's types.
    @inlinable
    public static func entry<Arguments: PluginValue>(
        _ name: String, _ summary: String, details: String = "", device: DeviceUse = .optional,
        valueType: String = "", arguments: Arguments.Type,
        _ make: @escaping @Sendable (Arguments) -> Value
    ) -> Entry {
        Entry(
            doc: EntryDoc(
                name, summary, details: details, parameters: Arguments.parameters, perDevice: device != .optional,
                valueType: valueType),
            device: device,
            decode: { json, path, diagnostics in
                Arguments.decode(json, at: path, diagnostics: diagnostics).map(make)
            })
    }

    /// An entry whose arguments are read by hand: `doc` documents them, `read` returns the value or
    /// nil after reporting every problem at its JSON path. Prefer declared arguments
    /// (`entry(_:_:arguments:_:)`), which derive both from one declaration.
    public static func entry(
        _ doc: EntryDoc, device: DeviceUse = .optional,
        read: @escaping @Sendable (_ arguments: JSON, _ path: JSONPath, _ diagnostics: Diagnostics) -> Value?
    ) -> Entry {
        var doc = doc
        doc.perDevice = device != .optional
        return Entry(doc: doc, device: device, decode: read)
    }

    /// An entry whose texts (name, summary, details, value type) `doc` holds, with declared
    /// arguments: their documentation comes from `Arguments`, the run receives `make(arguments)`.
    @inlinable
    public static func entry<Arguments: PluginValue>(
        _ doc: EntryDoc, device: DeviceUse = .optional, arguments: Arguments.Type,
        _ make: @escaping @Sendable (Arguments) -> Value
    ) -> Entry {
        var doc = doc
        doc.parameters = Arguments.parameters
        doc.perDevice = device != .optional
        return Entry(
            doc: doc, device: device,
            decode: { json, path, diagnostics in Arguments.decode(json, at: path, diagnostics: diagnostics).map(make) })
    }

    /// An entry whose texts `doc` holds, without arguments: `value` is what the run receives.
    public static func entry(_ doc: EntryDoc, device: DeviceUse = .optional, _ value: Value) -> Entry
    where Value: Sendable {
        entry(doc, device: device, arguments: NoArguments.self) { _ in value }
    }

    public var name: String { doc.name }

    /// The value with no arguments given, every argument at its default; nil when one is required.
    public var defaultValue: Value? {
        decode(.object(JSONObject()), .root, Diagnostics())
    }

    /// Reads the entry's arguments into its value; nil after reporting every problem.
    public func decode(_ arguments: JSON, at path: JSONPath, diagnostics: Diagnostics) -> Value? {
        decode(arguments, path, diagnostics)
    }
}

extension PluginEntries {
    /// The entry named `name`.
    public static func entry(named name: String) -> Entry<Self>? {
        entries.first { $0.name == name }
    }
}
