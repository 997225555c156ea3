/// Text of one ASCII character repeated, written in one pass: `String(repeating:count:)` appends
/// character by character, which made a third of the `malformed-inputs` scenario's instructions.
enum RepeatedASCII {
    /// `count` copies of `character`, then `count` copies of `closing` when given (`[[[]]]`).
    static func text(_ character: Unicode.Scalar, count: Int, then closing: Unicode.Scalar? = nil) -> String {
        precondition(character.isASCII && closing?.isASCII != false, "ASCII characters only")
        let count = max(0, count)
        let total = closing == nil ? count : 2 * count
        return String(unsafeUninitializedCapacity: total) { buffer in
            buffer.initialize(repeating: UInt8(character.value))
            if let closing {
                buffer.extracting(count...).initialize(repeating: UInt8(closing.value))
            }
            return total
        }
    }
}
