/// A 64-bit running hash of everything a run did; equal hashes mean equal traces.
///
/// Each value is mixed with the SplitMix64 finaliser, so the result does not depend on the
/// platform, the process or Swift's per-process `Hasher` seed.
public struct TraceHash: Sendable, Equatable {
    /// The hash so far.
    public private(set) var value: UInt64 = 0x5157_4D55_4C41_5445

    /// The hash of an empty trace.
    public init() {}

    /// Folds one 64-bit word into the hash.
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

    /// Folds a string: its UTF-8 bytes as little-endian 64-bit words, then the last partial word with the length.
    public mutating func combine(_ text: String) {
        var hash = self
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { hash.combine(utf8: $0) }
        if done == nil {
            var text = text
            text.withUTF8 { hash.combine(utf8: $0) }
        }
        self = hash
    }

    /// The same words as `combine(_: String)`, read eight bytes at a time.
    // Unsafe on purpose (docs/performance.md): a safe byte-at-a-time loop over `text.utf8` took 93 M
    // instructions instead of 16 M in `simulate-bench counter-runs 10` under callgrind (25 % of the whole run's 310 M):
    // every trace record hashes its strings. Measured again on a2ec5f2 against the best safe form found, eight
    // bounds-checked byte loads per word from `text.utf8Span.span`: `simulate-bench counter-runs 30` took 963 M
    // instructions instead of 897 M (+7.4 %) and 1.17-1.53 s of CPU for 300 seeds instead of 1.11-1.46 s (+5 to +17 %).
    @inline(__always)
    mutating func combine(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        let count = bytes.count
        guard let base = bytes.baseAddress else {
            combine(0)
            return
        }
        let raw = UnsafeRawPointer(base)
        var offset = 0
        while offset + 8 <= count {
            combine(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            offset += 8
        }
        var word: UInt64 = 0
        var shift: UInt64 = 0
        if count - offset >= 4 {
            word = UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
            shift = 32
            offset += 4
        }
        if count - offset >= 2 {
            word |= UInt64(UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt16.self))) << shift
            shift += 16
            offset += 2
        }
        if offset < count { word |= UInt64(base[offset]) << shift }
        combine(word ^ (UInt64(count) << 56))
    }

    /// Sixteen lowercase hex digits.
    public var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
