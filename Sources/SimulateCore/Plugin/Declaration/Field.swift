import SimulateJSON

/// One declared member of a ``PluginArguments`` type: its JSON name, documentation, schema and how
/// its value is read into the typed value. Make one with the factories (`.integer`, `.duration`,
/// `.choice`, …); each states the member's rules once, and the docs, the schema and the checks all
/// follow from it.
public struct Field<Root>: Sendable {
    /// The member as `simulate explain` and the JSON Schema show it.
    public private(set) var doc: ParameterDoc
    @usableFromInline let read: @Sendable (ObjectReader, inout Root) -> Void

    /// A member of any kind: `read` returns the value, or nil after reporting a problem at `path`.
    /// Prefer the typed factories; use this for a value with its own reader (a nested structure).
    public static func custom<Value>(
        _ name: String, _ keyPath: WritableKeyPath<Root, Value> & Sendable, type: String,
        default defaultText: String?, schema: JSON, _ summary: String,
        read: @escaping @Sendable (_ value: JSON, _ path: JSONPath, _ diagnostics: Diagnostics) -> Value?
    ) -> Field {
        Field(
            doc: ParameterDoc(name, type: type, default: defaultText, summary, schema: schema),
            read: { reader, root in
                guard let json = reader.value(name, required: defaultText == nil) else { return }
                if let value = read(json, reader.path / name, reader.diagnostics) { root[keyPath: keyPath] = value }
            })
    }

    static func make<Value>(
        _ name: String, _ keyPath: WritableKeyPath<Root, Value> & Sendable, type: String, required: Bool,
        default defaultText: String?, schema: JSON? = nil, _ summary: String,
        read: @escaping @Sendable (ObjectReader, _ required: Bool) -> Value?
    ) -> Field {
        Field(
            doc: ParameterDoc(name, type: type, default: required ? nil : defaultText, summary, schema: schema),
            read: { reader, root in
                if let value = read(reader, required) { root[keyPath: keyPath] = value }
            })
    }
}

extension Field where Root: PluginArguments {
    /// The default as JSON text, for the docs: the member's value in `Root()`.
    static func defaultText<Value>(_ keyPath: KeyPath<Root, Value>, _ format: (Value) -> String) -> String {
        format(Root()[keyPath: keyPath])
    }

    /// An integer, optionally bounded: out of range is an error, never a clamp.
    public static func integer(
        _ name: String, _ keyPath: WritableKeyPath<Root, Int> & Sendable, in range: ClosedRange<Int>? = nil,
        required: Bool = false, _ summary: String
    ) -> Field {
        make(
            name, keyPath, type: "integer", required: required, default: defaultText(keyPath) { "\($0)" },
            schema: boundedSchema("integer", range.map { (JSON($0.lowerBound), JSON($0.upperBound)) }), summary
        ) { reader, required in reader.int(name, required: required, range: range) }
    }

    /// An integer that may be left out, in which case the run decides (`defaultText` says how).
    public static func integer(
        _ name: String, _ keyPath: WritableKeyPath<Root, Int?> & Sendable, in range: ClosedRange<Int>? = nil,
        default defaultText: String, _ summary: String
    ) -> Field {
        make(
            name, keyPath, type: "integer", required: false, default: defaultText,
            schema: boundedSchema("integer", range.map { (JSON($0.lowerBound), JSON($0.upperBound)) }), summary
        ) { reader, _ in reader.int(name, range: range).map { Optional($0) } }
    }

    /// A number, optionally bounded.
    public static func number(
        _ name: String, _ keyPath: WritableKeyPath<Root, Double> & Sendable, in range: ClosedRange<Double>? = nil,
        required: Bool = false, _ summary: String
    ) -> Field {
        make(
            name, keyPath, type: "number", required: required,
            default: defaultText(keyPath) { $0 == $0.rounded() && abs($0) < 1e15 ? "\(Int($0))" : "\($0)" },
            schema: boundedSchema("number", range.map { (JSON($0.lowerBound), JSON($0.upperBound)) }), summary
        ) { reader, required in reader.double(name, required: required, range: range) }
    }

    private static func boundedSchema(_ type: String, _ bounds: (JSON, JSON)?) -> JSON {
        var schema: JSONObject = ["type": .string(type)]
        if let (minimum, maximum) = bounds {
            schema["minimum"] = minimum
            schema["maximum"] = maximum
        }
        return .object(schema)
    }

    /// `true` or `false`.
    public static func boolean(
        _ name: String, _ keyPath: WritableKeyPath<Root, Bool> & Sendable, required: Bool = false, _ summary: String
    ) -> Field {
        make(name, keyPath, type: "boolean", required: required, default: defaultText(keyPath) { "\($0)" }, summary) {
            reader, required in reader.bool(name, required: required)
        }
    }

    /// Any string.
    public static func string(
        _ name: String, _ keyPath: WritableKeyPath<Root, String> & Sendable, required: Bool = false,
        _ summary: String
    ) -> Field {
        make(
            name, keyPath, type: "string", required: required,
            default: defaultText(keyPath) { JSONWriter.string(.string($0)) }, summary
        ) { reader, required in reader.string(name, required: required) }
    }

    /// An id: `[A-Za-z][A-Za-z0-9_-]*`.
    public static func id(
        _ name: String, _ keyPath: WritableKeyPath<Root, String> & Sendable, required: Bool = false,
        _ summary: String
    ) -> Field {
        make(
            name, keyPath, type: "id", required: required,
            default: defaultText(keyPath) { JSONWriter.string(.string($0)) },
            schema: ["type": "string", "pattern": "^[A-Za-z][A-Za-z0-9_-]*$"], summary
        ) { reader, required in reader.id(name, required: required) }
    }

    /// A duration (`"250ms"`, `"1.5s"` or a number of seconds), exact to the nanosecond.
    public static func duration(
        _ name: String, _ keyPath: WritableKeyPath<Root, VirtualDuration> & Sendable, required: Bool = false,
        allowNegative: Bool = false, _ summary: String
    ) -> Field {
        make(
            name, keyPath, type: "duration", required: required,
            default: defaultText(keyPath) { "\"\(DurationFormat.string($0))\"" }, summary
        ) { reader, required in reader.duration(name, required: required, allowNegative: allowNegative) }
    }

    /// One of a fixed set of strings: the cases of `Value`.
    public static func choice<Value: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, _ keyPath: WritableKeyPath<Root, Value> & Sendable, required: Bool = false,
        _ summary: String
    ) -> Field where Value.RawValue == String {
        let names = Value.allCases.map(\.rawValue)
        return make(
            name, keyPath, type: "string", required: required, default: defaultText(keyPath) { "\"\($0.rawValue)\"" },
            schema: ["enum": .array(names.map { .string($0) })], summary
        ) { reader, required in reader.choice(name, names, required: required).flatMap(Value.init(rawValue:)) }
    }

    /// A nested object, itself declared as ``PluginArguments``.
    public static func nested<Value: PluginArguments>(
        _ name: String, _ keyPath: WritableKeyPath<Root, Value> & Sendable, _ summary: String
    ) -> Field {
        Field.custom(name, keyPath, type: "object", default: "{}", schema: Value.schema, summary) {
            json, path, diagnostics in
            Value.decode(json, at: path, diagnostics: diagnostics)
        }.withMembers(Value.parameters)
    }
}

extension PluginArguments {
    /// The JSON Schema of the object, from its fields.
    public static var schema: JSON {
        var properties = JSONObject()
        for field in fields {
            var schema = field.doc.schema.objectValue ?? JSONObject()
            schema["description"] = .string(field.doc.summary)
            properties[field.doc.name] = .object(schema)
        }
        let required = fields.filter { $0.doc.isRequired }.map { JSON.string($0.doc.name) }
        var object: JSONObject = ["type": "object", "properties": .object(properties), "additionalProperties": false]
        if !required.isEmpty { object["required"] = .array(required) }
        return .object(object)
    }
}

extension Field where Root: PluginArguments {
    /// The name of a component (a client, an allocator): one of `builtIn`, or an app component
    /// registered from Swift. The field reads the string; the plugin checks it against its
    /// registrations in ``SimulationPlugin/check(configuration:at:context:)`` with ``ComponentChoice``.
    public static func component(
        _ name: String, _ keyPath: WritableKeyPath<Root, String> & Sendable, builtIn: [String], _ summary: String
    ) -> Field {
        var field = make(
            name, keyPath, type: "string", required: false,
            default: defaultText(keyPath) { JSONWriter.string(.string($0)) }, schema: ["type": "string"], summary
        ) { reader, _ in reader.string(name) }
        field.doc.builtInComponents = builtIn
        return field
    }
}

extension Field {
    /// A member with a rule of its own (a bound no factory states): `read` gets the object's reader
    /// and the member's name and returns the value, or nil after reporting the problem at
    /// `reader.path / name`. `type`, `defaultText` (nil: required) and `schema` document it.
    public static func value<Value>(
        _ name: String, _ keyPath: WritableKeyPath<Root, Value> & Sendable, type: String,
        default defaultText: String?, schema: JSON? = nil, _ summary: String,
        read: @escaping @Sendable (_ reader: ObjectReader, _ name: String) -> Value?
    ) -> Field {
        make(
            name, keyPath, type: type, required: defaultText == nil, default: defaultText, schema: schema, summary
        ) { reader, required in
            guard reader.has(name) else {
                _ = reader.value(name, required: required)
                return nil
            }
            return read(reader, name)
        }
    }
}

extension Field {
    /// A nested object that is off (nil) unless the scenario gives it; `defaultText` says what
    /// leaving it out means. Its members are declared as ``PluginArguments``.
    public static func nested<Value: PluginArguments>(
        _ name: String, _ keyPath: WritableKeyPath<Root, Value?> & Sendable, default defaultText: String = "off",
        _ summary: String
    ) -> Field {
        Field.custom(name, keyPath, type: "object", default: defaultText, schema: Value.schema, summary) {
            json, path, diagnostics in
            Value.decode(json, at: path, diagnostics: diagnostics).map { Optional($0) }
        }.withMembers(Value.parameters)
    }

    func withMembers(_ members: [ParameterDoc]) -> Field {
        var doc = doc
        doc.members = members
        return Field(doc: doc, read: read)
    }

    /// This member, declared once on `Root`, as a member of a type that holds a `Root` at `keyPath`:
    /// several argument types can share one declaration of a member.
    public func lifted<Outer>(_ keyPath: WritableKeyPath<Outer, Root> & Sendable) -> Field<Outer> {
        let read = self.read
        return Field<Outer>(doc: doc, read: { reader, outer in read(reader, &outer[keyPath: keyPath]) })
    }
}
