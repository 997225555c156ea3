extension DurationFormat {
    /// A duration rounded to what a reader needs, with a space before the unit: `"147.5 ms"`,
    /// `"18.068 s"`, `"3.2 µs"`, `"250 ns"`, `"125.3 s"`. For reports, not for scenario files.
    public static func readable(_ nanoseconds: Int64) -> String {
        let sign = nanoseconds < 0 ? "-" : ""
        let magnitude = Double(nanoseconds.magnitude)
        let text: String
        switch nanoseconds.magnitude {
        case ..<1_000: text = "\(nanoseconds.magnitude) ns"
        case ..<1_000_000: text = rounded(magnitude / 1e3, decimals: 1) + " µs"
        case ..<1_000_000_000: text = rounded(magnitude / 1e6, decimals: 1) + " ms"
        case ..<60_000_000_000: text = rounded(magnitude / 1e9, decimals: 3) + " s"
        default: text = rounded(magnitude / 1e9, decimals: 1) + " s"
        }
        return sign + text
    }

    /// `decimals` places at most, trailing zeros dropped: 147.50 → "147.5", 20.0 → "20".
    private static func rounded(_ value: Double, decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (value * scale).rounded()
        let whole = Int64(scaled / scale)
        var fraction = Int64(scaled) - whole * Int64(scale)
        guard fraction > 0 else { return String(whole) }
        var digits = decimals
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        let text = String(fraction)
        return String(whole) + "." + String(repeating: "0", count: digits - text.count) + text
    }
}

extension DurationFormat {
    public static func readable(_ duration: VirtualDuration) -> String { readable(duration.nanoseconds) }
}
