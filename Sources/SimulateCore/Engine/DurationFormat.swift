/// Nanosecond constants and the text forms of durations used in reports and the scenario format.
public enum DurationFormat {
    public static let nanosecondsPerMicrosecond: Int64 = 1_000
    public static let nanosecondsPerMillisecond: Int64 = 1_000_000
    public static let nanosecondsPerSecond: Int64 = 1_000_000_000

    /// Units of the scenario format, longest suffix first so that "ms" wins over "s".
    static let units: [(suffix: String, nanoseconds: Int64)] = [
        ("ns", 1), ("us", 1_000), ("ms", 1_000_000), ("s", 1_000_000_000),
        ("m", 60_000_000_000), ("h", 3_600_000_000_000),
    ]

    /// A short text in the scenario format's syntax: `"1.5s"`, `"250ms"`, `"0s"`, `"-250ms"`.
    public static func string(_ nanoseconds: Int64) -> String {
        if nanoseconds == 0 { return "0s" }
        let sign = nanoseconds < 0 ? "-" : ""
        let magnitude = nanoseconds.magnitude
        for (suffix, unit) in [("s", UInt64(1_000_000_000)), ("ms", 1_000_000), ("us", 1_000)] where magnitude >= unit {
            return sign + decimal(magnitude, unit: unit) + suffix
        }
        return sign + String(magnitude) + "ns"
    }

    /// Seconds as a JSON-friendly double.
    public static func seconds(_ nanoseconds: Int64) -> Double {
        Double(nanoseconds) / 1e9
    }

    /// Fixed three decimals of seconds, for aligned human output: `"12.345s"`.
    public static func secondsText(_ nanoseconds: Int64) -> String {
        let sign = nanoseconds < 0 ? "-" : ""
        let millis = (nanoseconds.magnitude + 500_000) / 1_000_000
        let fraction = String(millis % 1000)
        return sign + String(millis / 1000) + "." + String(repeating: "0", count: 3 - fraction.count) + fraction + "s"
    }

    private static func decimal(_ value: UInt64, unit: UInt64) -> String {
        let whole = value / unit
        var remainder = value % unit
        guard remainder > 0 else { return String(whole) }
        var digits = ""
        var scale = unit / 10
        while remainder > 0 && scale > 0 {
            digits.append(Character(String(remainder / scale)))
            remainder %= scale
            scale /= 10
        }
        return String(whole) + "." + digits
    }

    /// Parses `"<number><unit>"`; returns nil when the text is not of that form.
    /// The number is a plain decimal (optional leading '-', digits, optional fraction), computed exactly.
    public static func parse(_ text: String) -> Int64? {
        guard let unit = units.reversed().first(where: { text.hasSuffix($0.suffix) && matchesUnit(text, $0.suffix) })
        else { return nil }
        let number = text.dropLast(unit.suffix.count)
        return parseDecimal(Substring(number), unitNanoseconds: unit.nanoseconds)
    }

    private static func matchesUnit(_ text: String, _ suffix: String) -> Bool {
        // "5ms" must not match "s" as its unit: the character before the unit must be a digit.
        let number = text.dropLast(suffix.count)
        guard let last = number.last else { return false }
        return last.isASCII && last.isNumber
    }

    private static func parseDecimal(_ text: Substring, unitNanoseconds: Int64) -> Int64? {
        var body = text
        var negative = false
        if body.first == "-" {
            negative = true
            body = body.dropFirst()
        }
        let parts = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let wholeText = parts.first, !wholeText.isEmpty, wholeText.allSatisfy({ $0.isASCII && $0.isNumber })
        else { return nil }
        var fractionText = Substring("")
        if parts.count == 2 {
            fractionText = parts[1]
            guard !fractionText.isEmpty, fractionText.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        }
        guard let whole = Int64(wholeText) else { return nil }
        let (scaled, overflow) = whole.multipliedReportingOverflow(by: unitNanoseconds)
        guard !overflow else { return nil }
        var fractionNanoseconds: Int64 = 0
        var scale = unitNanoseconds
        var roundUp = false
        for digit in fractionText {
            let value = Int64(digit.wholeNumberValue!)
            if scale >= 10 {
                scale /= 10
                fractionNanoseconds += value * scale
            } else {
                roundUp = roundUp || value >= 5
                break
            }
        }
        if roundUp { fractionNanoseconds += 1 }
        let (total, overflowSum) = scaled.addingReportingOverflow(fractionNanoseconds)
        guard !overflowSum else { return nil }
        return negative ? -total : total
    }
}
