/// The run's random source: xoshiro256** seeded through SplitMix64.
///
/// Streams are split by label, never by draw order: the stream for a label is seeded with
/// `splitmix64(runSeed ^ fnv1a64(label))`, so adding a device or a component creates new streams
/// without changing what any existing stream draws. Labels are `"<device>/<component>"` for
/// per-device components and `"server/<plugin>"` or `"network/<device>"` for the rest.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var s0: UInt64
    private var s1: UInt64
    private var s2: UInt64
    private var s3: UInt64

    /// A stream seeded with `seed` through SplitMix64.
    public init(seed: UInt64) {
        var state = seed
        s0 = Self.splitMix64(&state)
        s1 = Self.splitMix64(&state)
        s2 = Self.splitMix64(&state)
        s3 = Self.splitMix64(&state)
    }

    /// The run's stream named `label`: seeded with `runSeed ^ fnv1a64(label)`.
    public init(runSeed: UInt64, label: String) {
        self.init(seed: runSeed ^ Self.fnv1a64(label))
    }

    /// The next 64 random bits (xoshiro256**).
    @inline(__always)
    public mutating func next() -> UInt64 {
        let result = rotateLeft(s1 &* 5, 7) &* 9
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = rotateLeft(s3, 45)
        return result
    }

    /// A uniform integer in `0..<bound` (Lemire's multiply-and-reject; independent of the standard library's algorithm).
    public mutating func below(_ bound: UInt64) -> UInt64 {
        precondition(bound > 0)
        var product = next().multipliedFullWidth(by: bound)
        if product.low < bound {
            let threshold = (0 &- bound) % bound
            while product.low < threshold {
                product = next().multipliedFullWidth(by: bound)
            }
        }
        return product.high
    }

    /// A uniform integer in the closed range.
    public mutating func int64(in range: ClosedRange<Int64>) -> Int64 {
        let span = UInt64(bitPattern: range.upperBound &- range.lowerBound)
        if span == UInt64.max { return Int64(bitPattern: next()) }
        return range.lowerBound &+ Int64(bitPattern: below(span &+ 1))
    }

    /// A uniform duration in the closed range, to the nanosecond (the same draw as ``int64(in:)``).
    /// Inlined, as is ``int(in:)``: the compiler otherwise merges the three into one body behind
    /// two thunks, a call more on every sampled latency.
    @inline(__always)
    public mutating func duration(in range: ClosedRange<VirtualDuration>) -> VirtualDuration {
        VirtualDuration(nanoseconds: int64(in: range.lowerBound.nanoseconds...range.upperBound.nanoseconds))
    }

    /// A uniform integer in the closed range.
    @inline(__always)
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        Int(int64(in: Int64(range.lowerBound)...Int64(range.upperBound)))
    }

    /// A uniform double in [0, 1).
    public mutating func unitDouble() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// True with the given probability.
    public mutating func chance(_ probability: Double) -> Bool {
        probability > 0 && (probability >= 1 || unitDouble() < probability)
    }

    @inline(__always)
    private func rotateLeft(_ x: UInt64, _ k: UInt64) -> UInt64 {
        (x << k) | (x >> (64 - k))
    }

    static func splitMix64(_ state: inout UInt64) -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The 64-bit FNV-1a hash of the text's UTF-8: how a label becomes part of a seed.
    public static func fnv1a64(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}
