import SimulateJSON

/// Writes a scenario the way people write them by hand: one member per line at the top, short
/// values on one line (`{"at": "2s", "device": "phone", "do": "sse.add"}`), long arrays one item a line.
public enum ScenarioJSONStyle {
    static let lineWidth = 110

    public static func string(_ value: JSON) -> String {
        var output = ""
        write(value, indent: 0, forceExpand: true, into: &output)
        return output + "\n"
    }

    /// One line, with a space after every `:` and `,`.
    public static func compact(_ value: JSON) -> String {
        switch value {
        case .array(let items):
            return "[" + items.map(compact).joined(separator: ", ") + "]"
        case .object(let object):
            return "{"
                + object.members.map { JSONWriter.string(.string($0)) + ": " + compact($1) }
                .joined(separator: ", ") + "}"
        default:
            return JSONWriter.string(value)
        }
    }

    private static func write(_ value: JSON, indent: Int, forceExpand: Bool, into output: inout String) {
        let oneLine = compact(value)
        let padding = String(repeating: " ", count: indent + 2)
        switch value {
        case .array(let items) where forceExpand || indent + oneLine.count > lineWidth:
            guard !items.isEmpty else { return output += "[]" }
            output += "[\n"
            for (index, item) in items.enumerated() {
                output += padding
                write(item, indent: indent + 2, forceExpand: false, into: &output)
                output += index + 1 < items.count ? ",\n" : "\n"
            }
            output += String(repeating: " ", count: indent) + "]"
        case .object(let object) where forceExpand || indent + oneLine.count > lineWidth:
            guard !object.isEmpty else { return output += "{}" }
            output += "{\n"
            for (index, (key, member)) in object.members.enumerated() {
                output += padding + JSONWriter.string(.string(key)) + ": "
                write(member, indent: indent + 2, forceExpand: false, into: &output)
                output += index + 1 < object.count ? ",\n" : "\n"
            }
            output += String(repeating: " ", count: indent) + "}"
        default:
            output += oneLine
        }
    }
}
