/// RFC 8259 text from a `JSON` value.
public enum JSONWriter {
    /// Integers print exactly, doubles in the shortest form that reads back to the same value, non-finite
    /// doubles as `null`. `pretty` indents by two spaces.
    public static func string(_ value: JSON, pretty: Bool = false, sortedKeys: Bool = false) -> String {
        var writer = Writer(pretty: pretty, sortedKeys: sortedKeys)
        writer.write(value, indent: 0)
        return writer.output
    }

    /// The quoted string literal: `"`, `\` and control characters escaped (controls as `\u00XX`).
    public static func escape(_ string: String) -> String {
        var output = ""
        appendEscaped(string, to: &output)
        return output
    }

    static func appendEscaped(_ string: String, to output: inout String) {
        output.append("\"")
        var runStart = string.utf8.startIndex
        var position = runStart
        let utf8 = string.utf8
        while position != utf8.endIndex {
            let byte = utf8[position]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                output.append(contentsOf: string[runStart..<position])
                switch byte {
                case UInt8(ascii: "\""): output.append("\\\"")
                case UInt8(ascii: "\\"): output.append("\\\\")
                default: output.append("\\u00" + hex2(byte))
                }
                runStart = utf8.index(after: position)
            }
            position = utf8.index(after: position)
        }
        output.append(contentsOf: string[runStart..<position])
        output.append("\"")
    }

    private struct Writer {
        let pretty: Bool
        let sortedKeys: Bool
        var output = ""

        mutating func write(_ value: JSON, indent: Int) {
            switch value {
            case .null: output.append("null")
            case .bool(let flag): output.append(flag ? "true" : "false")
            case .integer(let number): output.append(String(number))
            case .unsignedInteger(let number): output.append(String(number))
            case .double(let number): output.append(number.isFinite ? number.description : "null")
            case .string(let text): appendEscaped(text, to: &output)
            case .array(let elements):
                guard !elements.isEmpty else { return output.append("[]") }
                output.append("[")
                for (position, element) in elements.enumerated() {
                    if position > 0 { output.append(",") }
                    newline(indent + 1)
                    write(element, indent: indent + 1)
                }
                newline(indent)
                output.append("]")
            case .object(let object):
                guard !object.isEmpty else { return output.append("{}") }
                output.append("{")
                let order =
                    sortedKeys
                    ? object.keys.indices.sorted { object.keys[$0] < object.keys[$1] } : Array(object.keys.indices)
                for (position, member) in order.enumerated() {
                    if position > 0 { output.append(",") }
                    newline(indent + 1)
                    appendEscaped(object.keys[member], to: &output)
                    output.append(pretty ? ": " : ":")
                    write(object.values[member], indent: indent + 1)
                }
                newline(indent)
                output.append("}")
            }
        }

        private mutating func newline(_ indent: Int) {
            guard pretty else { return }
            output.append("\n")
            output.append(String(repeating: " ", count: indent * 2))
        }
    }
}
