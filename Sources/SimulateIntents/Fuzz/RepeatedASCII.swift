/// Text of one ASCII character repeated, made from a byte array in one pass: `String(repeating:count:)`
/// appends character by character, which made a third of the `malformed-inputs` scenario's instructions.
enum RepeatedASCII {
    /// `count` copies of `character`, then `count` copies of `closing` when given (`[[[]]]`).
    static func text(_ character: Unicode.Scalar, count: Int, then closing: Unicode.Scalar? = nil) -> String {
        precondition(character.isASCII && closing?.isASCII != false, "ASCII characters only")
        let count = max(0, count)
        var bytes = [UInt8](repeating: UInt8(character.value), count: count)
        if let closing { bytes += repeatElement(UInt8(closing.value), count: count) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
