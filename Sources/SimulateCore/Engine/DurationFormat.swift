/// Nanosecond constants and the text forms of durations used in reports and the scenario format.
public enum DurationFormat {
    public static let nanosecondsPerMicrosecond: Int64 = 1_000
    public static let nanosecondsPerMillisecond: Int64 = 1_000_000
    public static let nanosecondsPerSecond: Int64 = 1_000_000_000

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
    /// The number is a plain decimal (optional leading '-', digits, optional fraction), computed exactly;
    /// digits below a nanosecond round half up.
    public static func parse(_ text: String) -> Int64? {
        guard case .nanoseconds(let value) = parseChecked(text) else { return nil }
        return value
    }

    public enum Parsed: Equatable, Sendable {
        case nanoseconds(Int64)
        /// Not of the form `"<number><unit>"`.
        case malformed
        /// Of that form, but more nanoseconds than an `Int64` holds.
        case outOfRange
    }

    /// Parses `"<number><unit>"`, telling a malformed text from one out of range.
    public static func parseChecked(_ text: String) -> Parsed {
        // Not `text.utf8.span`: that needs macOS 26 / iOS 26, where `Span` itself back-deploys. A native
        // string's bytes are contiguous; a bridged `NSString` may need `withUTF8`'s copy.
        if let parsed = text.utf8.withContiguousStorageIfAvailable({ parse(bytes: Span(_unsafeElements: $0)) }) {
            return parsed
        }
        var contiguous = text
        return contiguous.withUTF8 { parse(bytes: Span(_unsafeElements: $0)) }
    }

    /// `parseChecked` of UTF-8 bytes.
    static func parse(bytes: Span<UInt8>) -> Parsed {
        let count = bytes.count
        guard count >= 2 else { return .malformed }
        let unit: Int64
        var numberEnd = count - 1
        switch bytes[count - 1] {
        case UInt8(ascii: "s"):
            switch bytes[count - 2] {
            case UInt8(ascii: "n"): (unit, numberEnd) = (1, count - 2)
            case UInt8(ascii: "u"): (unit, numberEnd) = (1_000, count - 2)
            case UInt8(ascii: "m"): (unit, numberEnd) = (1_000_000, count - 2)
            default: unit = 1_000_000_000
            }
        case UInt8(ascii: "m"): unit = 60_000_000_000
        case UInt8(ascii: "h"): unit = 3_600_000_000_000
        default: return .malformed
        }
        var index = 0
        let negative = bytes[0] == UInt8(ascii: "-")
        if negative { index = 1 }
        var whole: Int64 = 0
        var wholeOverflows = false
        let wholeStart = index
        while index < numberEnd, let digit = digitValue(bytes[index]) {
            let (shifted, overflow) = whole.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) = shifted.addingReportingOverflow(digit)
            if overflow || overflowSum { wholeOverflows = true }
            whole = sum
            index += 1
        }
        guard index > wholeStart else { return .malformed }
        let (scaled, overflow) = whole.multipliedReportingOverflow(by: unit)
        var fraction: Int64 = 0
        if index < numberEnd {
            guard bytes[index] == UInt8(ascii: "."), index + 1 < numberEnd else { return .malformed }
            index += 1
            var scale = unit
            var roundUp = false
            var sawDigitBelowNanosecond = false
            while index < numberEnd {
                guard let digit = digitValue(bytes[index]) else { return .malformed }
                if scale >= 10 {
                    scale /= 10
                    fraction += digit * scale
                } else if !sawDigitBelowNanosecond {
                    sawDigitBelowNanosecond = true
                    roundUp = digit >= 5
                }
                index += 1
            }
            if roundUp { fraction += 1 }
        }
        let (total, overflowSum) = scaled.addingReportingOverflow(fraction)
        guard !wholeOverflows, !overflow, !overflowSum else { return .outOfRange }
        return .nanoseconds(negative ? -total : total)
    }

    @inline(__always)
    private static func digitValue(_ byte: UInt8) -> Int64? {
        byte >= 0x30 && byte <= 0x39 ? Int64(byte &- 0x30) : nil
    }
}

extension DurationFormat {
    /// A short text in the scenario format's syntax: `"1.5s"`, `"250ms"`, `"0s"`, `"-250ms"`.
    public static func string(_ duration: VirtualDuration) -> String { string(duration.nanoseconds) }

    /// The time since the start of the run in the scenario format's syntax.
    public static func string(_ instant: VirtualInstant) -> String { string(instant.nanoseconds) }

    public static func seconds(_ duration: VirtualDuration) -> Double { seconds(duration.nanoseconds) }

    public static func seconds(_ instant: VirtualInstant) -> Double { seconds(instant.nanoseconds) }

    /// Fixed three decimals of seconds since the start of the run: `"12.345s"`.
    public static func secondsText(_ instant: VirtualInstant) -> String { secondsText(instant.nanoseconds) }

    public static func secondsText(_ duration: VirtualDuration) -> String { secondsText(duration.nanoseconds) }
}
