/// Escapes text for XML and HTML attribute values and character data.
package enum MarkupEscaping {
    /// `&`, `<`, `>` and `"` as entities (attributes are always double-quoted); control characters
    /// XML 1.0 forbids become U+FFFD.
    package static func escape(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "\t", "\n", "\r": output.unicodeScalars.append(scalar)
            default:
                let forbidden = scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value)
                output.unicodeScalars.append(forbidden ? "\u{FFFD}" : scalar)
            }
        }
        return output
    }
}
