/// RFC 8259 text from a `JSON` value.
public enum JSONWriter {
    /// Integers print exactly, doubles in the shortest form that reads back to the same value, non-finite
    /// doubles as `null`. `pretty` indents by two spaces.
    public static func string(_ value: JSON, pretty: Bool = false, sortedKeys: Bool = false) -> String {
        var writer = Writer(pretty: pretty, sortedKeys: sortedKeys)
        writer.write(value, indent: 0)
        return String(decoding: writer.output, as: UTF8.self)
    }

    /// The quoted string literal: `"`, `\` and control characters escaped (controls as `\u00XX`).
    public static func escape(_ string: String) -> String {
        var output: [UInt8] = []
        appendEscaped(string, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends the quoted literal's UTF-8 bytes: a string with nothing to escape is copied whole, the
    /// rest byte by byte from its first escape.
    static func appendEscaped(_ string: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        let utf8 = string.utf8
        if let first = utf8.firstIndex(where: needsEscape) {
            output.append(contentsOf: utf8[..<first])
            for byte in utf8[first...] {
                guard needsEscape(byte) else {
                    output.append(byte)
                    continue
                }
                output.append(UInt8(ascii: "\\"))
                if byte < 0x20 {
                    output.append(contentsOf: ("u00" + hex2(byte)).utf8)
                } else {
                    output.append(byte)
                }
            }
        } else {
            output.append(contentsOf: utf8)
        }
        output.append(UInt8(ascii: "\""))
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    private struct Writer {
        let pretty: Bool
        let sortedKeys: Bool
        var output: [UInt8] = []

        private mutating func append(_ text: String) { output.append(contentsOf: text.utf8) }

        mutating func write(_ value: JSON, indent: Int) {
            switch value {
            case .null: append("null")
            case .bool(let flag): append(flag ? "true" : "false")
            case .integer(let number): append(String(number))
            case .unsignedInteger(let number): append(String(number))
            case .double(let number): append(number.isFinite ? number.description : "null")
            case .string(let text): JSONWriter.appendEscaped(text, to: &output)
            case .array(let elements):
                guard !elements.isEmpty else { return append("[]") }
                append("[")
                for (position, element) in elements.enumerated() {
                    if position > 0 { append(",") }
                    newline(indent + 1)
                    write(element, indent: indent + 1)
                }
                newline(indent)
                append("]")
            case .object(let object):
                guard !object.isEmpty else { return append("{}") }
                append("{")
                let order =
                    sortedKeys
                    ? object.keys.indices.sorted { object.keys[$0] < object.keys[$1] } : Array(object.keys.indices)
                for (position, member) in order.enumerated() {
                    if position > 0 { append(",") }
                    newline(indent + 1)
                    JSONWriter.appendEscaped(object.keys[member], to: &output)
                    append(pretty ? ": " : ":")
                    write(object.values[member], indent: indent + 1)
                }
                newline(indent)
                append("}")
            }
        }

        private mutating func newline(_ indent: Int) {
            guard pretty else { return }
            output.append(UInt8(ascii: "\n"))
            output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
        }
    }
}
