import SimulateJSON

/// Checks a JSON object against documented parameters: required keys, types, and no unknown keys.
enum ParameterValidation {
    /// The object when it passed; nil after reporting problems.
    static func validate(
        _ value: JSON, against parameters: [ParameterDoc], at path: JSONPath, diagnostics: Diagnostics
    ) -> JSONObject? {
        guard let reader = ObjectReader(value, at: path, diagnostics: diagnostics) else { return nil }
        let before = diagnostics.items.count
        for parameter in parameters {
            switch parameter.type {
            case "string": _ = reader.string(parameter.name, required: parameter.isRequired)
            case "integer": _ = reader.int(parameter.name, required: parameter.isRequired)
            case "number": _ = reader.double(parameter.name, required: parameter.isRequired)
            case "boolean": _ = reader.bool(parameter.name, required: parameter.isRequired)
            case "duration": _ = reader.duration(parameter.name, required: parameter.isRequired)
            case "id": _ = reader.id(parameter.name, required: parameter.isRequired)
            default: _ = reader.value(parameter.name, required: parameter.isRequired)
            }
        }
        reader.rejectUnknownKeys()
        return diagnostics.items.count == before ? reader.object : nil
    }
}

extension Entry {
    /// An entry whose arguments are checked against `doc.parameters` by their documented JSON types
    /// (`"integer"`, `"duration"`, `"id"`, …) and handed over as the checked object.
    public static func entry(
        checking doc: EntryDoc, device: DeviceUse = .optional,
        _ make: @escaping @Sendable (_ arguments: JSONObject) -> Value
    ) -> Entry {
        let parameters = doc.parameters
        return .entry(doc, device: device) { json, path, diagnostics in
            ParameterValidation.validate(json, against: parameters, at: path, diagnostics: diagnostics).map(make)
        }
    }
}
