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
            if needsEscape(byte) {
                output.append(contentsOf: string[runStart..<position])
                output.append(escapeSequence(byte))
                runStart = utf8.index(after: position)
            }
            position = utf8.index(after: position)
        }
        output.append(contentsOf: string[runStart..<position])
        output.append("\"")
    }

    /// The bytes RFC 8259 requires escaped in a string: `"`, `\` and the control characters.
    static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// How a byte that needs an escape is written: `\"`, `\\`, or a control character as `\u00XX`.
    static func escapeSequence(_ byte: UInt8) -> String {
        switch byte {
        case UInt8(ascii: "\""): "\\\""
        case UInt8(ascii: "\\"): "\\\\"
        default: "\\u00" + hex2(byte)
        }
    }

    /// Builds the text as UTF-8 bytes and makes one string at the end: appending to a `String` piece by
    /// piece cost about 300 instructions an append (docs/performance.md).
    private struct Writer {
        let pretty: Bool
        let sortedKeys: Bool
        var bytes: [UInt8] = []

        init(pretty: Bool, sortedKeys: Bool) {
            self.pretty = pretty
            self.sortedKeys = sortedKeys
            bytes.reserveCapacity(256)
        }

        var output: String { String(decoding: bytes, as: UTF8.self) }

        mutating func write(_ value: JSON, indent: Int) {
            switch value {
            case .null: bytes.append(contentsOf: "null".utf8)
            case .bool(let flag): bytes.append(contentsOf: (flag ? "true" : "false").utf8)
            case .integer(let number): bytes.append(contentsOf: String(number).utf8)
            case .unsignedInteger(let number): bytes.append(contentsOf: String(number).utf8)
            case .double(let number): bytes.append(contentsOf: (number.isFinite ? number.description : "null").utf8)
            case .string(let text): appendEscaped(text)
            case .array(let elements):
                guard !elements.isEmpty else { return bytes.append(contentsOf: "[]".utf8) }
                bytes.append(UInt8(ascii: "["))
                for (position, element) in elements.enumerated() {
                    if position > 0 { bytes.append(UInt8(ascii: ",")) }
                    newline(indent + 1)
                    write(element, indent: indent + 1)
                }
                newline(indent)
                bytes.append(UInt8(ascii: "]"))
            case .object(let object):
                guard !object.isEmpty else { return bytes.append(contentsOf: "{}".utf8) }
                bytes.append(UInt8(ascii: "{"))
                let order =
                    sortedKeys
                    ? object.keys.indices.sorted { object.keys[$0] < object.keys[$1] } : Array(object.keys.indices)
                for (position, member) in order.enumerated() {
                    if position > 0 { bytes.append(UInt8(ascii: ",")) }
                    newline(indent + 1)
                    appendEscaped(object.keys[member])
                    bytes.append(UInt8(ascii: ":"))
                    if pretty { bytes.append(UInt8(ascii: " ")) }
                    write(object.values[member], indent: indent + 1)
                }
                newline(indent)
                bytes.append(UInt8(ascii: "}"))
            }
        }

        /// As ``JSONWriter/escape(_:)``. Most strings need no escape: they are copied whole after one scan.
        private mutating func appendEscaped(_ string: String) {
            bytes.append(UInt8(ascii: "\""))
            let utf8 = string.utf8
            // As DurationFormat reads a string: a native string's bytes are contiguous, read through a Span.
            let escapes =
                utf8.withContiguousStorageIfAvailable { Self.containsEscape(Span(_unsafeElements: $0)) }
                ?? utf8.contains(where: JSONWriter.needsEscape)
            if escapes {
                for byte in utf8 {
                    if JSONWriter.needsEscape(byte) {
                        bytes.append(contentsOf: JSONWriter.escapeSequence(byte).utf8)
                    } else {
                        bytes.append(byte)
                    }
                }
            } else {
                bytes.append(contentsOf: utf8)
            }
            bytes.append(UInt8(ascii: "\""))
        }

        private static func containsEscape(_ bytes: Span<UInt8>) -> Bool {
            for index in bytes.indices where JSONWriter.needsEscape(bytes[index]) { return true }
            return false
        }

        private mutating func newline(_ indent: Int) {
            guard pretty else { return }
            bytes.append(UInt8(ascii: "\n"))
            bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
        }
    }
}
