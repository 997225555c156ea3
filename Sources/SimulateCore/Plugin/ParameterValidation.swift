import SimulateJSON

/// Checks a JSON object against documented parameters: required keys, types, and no unknown keys.
public enum ParameterValidation {
    public static func validate(
        _ value: JSON, against parameters: [ParameterDoc], at path: JSONPath, diagnostics: Diagnostics
    ) {
        guard let reader = ObjectReader(value, at: path, diagnostics: diagnostics) else { return }
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
    }
}
