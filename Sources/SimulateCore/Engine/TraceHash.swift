/// A 64-bit running hash of everything a run did; equal hashes mean equal traces.
///
/// Each value is mixed with the SplitMix64 finaliser, so the result does not depend on the
/// platform, the process or Swift's per-process `Hasher` seed.
public struct TraceHash: Sendable, Equatable {
    public private(set) var value: UInt64 = 0x5157_4D55_4C41_5445

    public init() {}

    @inline(__always)
    public mutating func combine(_ word: UInt64) {
        var z = (value ^ word) &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        value = z ^ (z >> 31)
    }

    /// The per-event step: cheaper than `combine`, still order-sensitive (multiply-xorshift).
    @inline(__always)
    public mutating func combineEvent(time: Int64, sequence: UInt64) {
        let word = UInt64(bitPattern: time) &* 0x9E37_79B9_7F4A_7C15 ^ sequence
        value = (value ^ word) &* 0xBF58_476D_1CE4_E5B9
        value ^= value >> 29
    }

    public mutating func combine(_ text: String) {
        var word: UInt64 = 0
        var shift: UInt64 = 0
        for byte in text.utf8 {
            word |= UInt64(byte) << shift
            shift += 8
            if shift == 64 {
                combine(word)
                word = 0
                shift = 0
            }
        }
        combine(word ^ (UInt64(text.utf8.count) << 56))
    }

    /// Sixteen lowercase hex digits.
    public var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
