import SimulateJSON

/// Reads the members of one JSON object while checking their types, and reports every member it
/// was not asked about as unknown. Scenario loading and plugins' argument checks both use it.
public final class ObjectReader {
    public let object: JSONObject
    public let path: JSONPath
    public let diagnostics: Diagnostics
    /// Members read so far, by index, for the first 64 members.
    private var readMask: UInt64 = 0
    /// Keys asked for that the mask cannot hold: absent ones, and members past the 64th.
    private var askedBeyondMask: [String] = []

    /// Reports "expected an object" and returns nil when `value` is not one.
    public init?(_ value: JSON, at path: JSONPath, diagnostics: Diagnostics, what: String = "an object") {
        guard case .object(let object) = value else {
            diagnostics.error("expected \(what), found \(value.typeName)", at: path)
            return nil
        }
        self.object = object
        self.path = path
        self.diagnostics = diagnostics
    }

    public func has(_ key: String) -> Bool { object[key] != nil }

    /// The raw member, marked as known.
    public func value(_ key: String, required: Bool = false) -> JSON? {
        guard let index = object.index(forKey: key) else {
            askedBeyondMask.append(key)
            if required { diagnostics.error("missing required field \"\(key)\"", at: path) }
            return nil
        }
        if index < 64 { readMask |= 1 << UInt64(index) } else { askedBeyondMask.append(key) }
        return object.values[index]
    }

    public func string(_ key: String, required: Bool = false) -> String? {
        guard let value = value(key, required: required) else { return nil }
        guard case .string(let text) = value else {
            return mismatch(key, expected: "a string", found: value)
        }
        return text
    }

    public func bool(_ key: String, required: Bool = false) -> Bool? {
        guard let value = value(key, required: required) else { return nil }
        guard case .bool(let flag) = value else { return mismatch(key, expected: "true or false", found: value) }
        return flag
    }

    public func int(_ key: String, required: Bool = false, range: ClosedRange<Int>? = nil) -> Int? {
        guard let value = value(key, required: required) else { return nil }
        let bounds = range ?? Int.min...Int.max
        guard let number = value.intValue, bounds.contains(number) else {
            guard value.isNumber else { return mismatch(key, expected: "an integer", found: value) }
            diagnostics.error(IntegerRange.message(bounds, found: value), at: path / key)
            return nil
        }
        return number
    }

    public func double(_ key: String, required: Bool = false, range: ClosedRange<Double>? = nil) -> Double? {
        guard let value = value(key, required: required) else { return nil }
        guard let number = value.doubleValue else { return mismatch(key, expected: "a number", found: value) }
        if let range, !range.contains(number) {
            diagnostics.error(
                "expected a number from \(range.lowerBound) to \(range.upperBound), found \(number)", at: path / key)
            return nil
        }
        return number
    }

    /// A duration: `"<number><unit>"` or a number of seconds. Negative only when `allowNegative`; zero is an
    /// error when `positive` (where zero means nothing, such as a period or a timeout).
    public func duration(
        _ key: String, required: Bool = false, allowNegative: Bool = false, positive: Bool = false
    ) -> VirtualDuration? {
        guard let value = value(key, required: required) else { return nil }
        return DurationValue.parse(
            value, at: path / key, diagnostics: diagnostics, allowNegative: allowNegative, positive: positive)
    }

    /// A time point: a duration from the start of the run, or `"end"`.
    public func timePoint(_ key: String, required: Bool = false) -> TimePoint? {
        guard let value = value(key, required: required) else { return nil }
        if value == .string("end") { return .end }
        return DurationValue.parse(value, at: path / key, diagnostics: diagnostics, allowNegative: false).map {
            .at(.start + $0)
        }
    }

    /// An id: `[A-Za-z][A-Za-z0-9_-]*`.
    public func id(_ key: String, required: Bool = false) -> String? {
        guard let text = string(key, required: required) else { return nil }
        guard Identifier.isValid(text) else {
            diagnostics.error(
                "\(BoundedQuote.quote(text)) is not a valid id (expected [A-Za-z][A-Za-z0-9_-]*)", at: path / key)
            return nil
        }
        return text
    }

    /// One of a fixed set of strings.
    public func choice(_ key: String, _ choices: [String], required: Bool = false) -> String? {
        guard let text = string(key, required: required) else { return nil }
        guard choices.containsCodeUnits(of: text) else {
            diagnostics.error(
                "expected one of \(choices.map { "\"\($0)\"" }.joined(separator: ", ")), found \(BoundedQuote.quote(text))",
                at: path / key)
            return nil
        }
        return text
    }

    /// Reports every member not read so far, except `$schema` and `x-` extensions when `allowExtensions`.
    public func rejectUnknownKeys(allowExtensions: Bool = false) {
        for (index, key) in object.keys.enumerated() {
            guard !isRead(index) else { continue }
            if allowExtensions && (key.hasSameCodeUnits(as: "$schema") || key.startsWithCodeUnits(of: "x-")) {
                continue
            }
            let asked = askedBeyondMask + object.keys.indices.filter { $0 < 64 && isRead($0) }.map { object.keys[$0] }
            let known = Set(asked.map(CodeUnitKey.init)).map(\.text).sorted().map { "\"\($0)\"" }.joined(
                separator: ", ")
            diagnostics.error(
                "unknown field \(BoundedQuote.quote(key))" + (known.isEmpty ? "" : " (known fields: \(known))"),
                at: path / key)
        }
    }

    private func isRead(_ index: Int) -> Bool {
        index < 64 ? readMask & (1 << UInt64(index)) != 0 : askedBeyondMask.containsCodeUnits(of: object.keys[index])
    }

    private func mismatch<T>(_ key: String, expected: String, found: JSON) -> T? {
        diagnostics.error("expected \(expected), found \(found.typeName)", at: path / key)
        return nil
    }
}

/// The message for a number that is not an integer in the range a field takes.
public enum IntegerRange {
    /// "expected an integer from 1 to 10000000, found 1e+19" (or "…, found 2.5, which is not whole").
    public static func message(_ range: ClosedRange<Int>, found value: JSON) -> String {
        let isWhole = value.doubleValue.map { $0.rounded() == $0 } ?? false
        return "expected an integer from \(range.lowerBound) to \(range.upperBound), found \(JSONWriter.string(value))"
            + (isWhole ? "" : ", which is not a whole number")
    }
}

/// Ids of devices and entities.
public enum Identifier {
    public static func isValid(_ text: String) -> Bool {
        guard let first = text.utf8.first, isLetter(first) else { return false }
        return text.utf8.allSatisfy { isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F || $0 == 0x2D }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }
}

/// Durations in scenario files.
public enum DurationValue {
    /// The longest duration a scenario may give (100,000 hours, about 11 years): sums of a few of them
    /// and of a run's virtual time stay far from overflowing the nanosecond clock.
    public static let maximum = VirtualDuration.hours(100_000)

    public static let outOfRange = "duration out of range: at most 100000h (about 11 years of virtual time)"

    /// "expected a duration greater than zero, found "0.0000000001ns", which rounds to 0ns".
    static func zeroMessage(_ value: JSON) -> String {
        let found = JSONWriter.string(value)
        let isZeroText =
            switch value {
            case .string(let text):
                text.unicodeScalars.allSatisfy { "-0.".unicodeScalars.contains($0) || $0.properties.isAlphabetic }
            default: value.doubleValue == 0
            }
        return "expected a duration greater than zero (zero means nothing here), found \(found)"
            + (isZeroText ? "" : ", which rounds to 0ns (durations count whole nanoseconds)")
    }

    public static func parse(
        _ value: JSON, at path: @autoclosure () -> JSONPath, diagnostics: Diagnostics, allowNegative: Bool = false,
        positive: Bool = false
    ) -> VirtualDuration? {
        let nanoseconds: Int64
        switch value {
        case .string(let text):
            switch DurationFormat.parseChecked(text) {
            case .nanoseconds(let parsed):
                nanoseconds = parsed
            case .malformed:
                diagnostics.error(
                    "expected a duration such as \"1.5s\", \"250ms\" or a number of seconds, found \"\(text)\"",
                    at: path())
                return nil
            case .outOfRange:
                diagnostics.error(outOfRange, at: path())
                return nil
            }
        case .integer, .unsignedInteger, .double:
            let seconds = value.doubleValue ?? 0
            guard (seconds * 1e9).magnitude <= Double(maximum.nanoseconds) else {
                diagnostics.error(outOfRange, at: path())
                return nil
            }
            nanoseconds = Int64((seconds * 1e9).rounded())
            diagnostics.noteBareSeconds(JSONWriter.string(value), nanoseconds: nanoseconds, at: path())
        default:
            diagnostics.error(
                "expected a duration (a string such as \"1.5s\" or a number of seconds), found \(value.typeName)",
                at: path())
            return nil
        }
        if nanoseconds < 0 && !allowNegative {
            diagnostics.error("durations may not be negative", at: path())
            return nil
        }
        guard nanoseconds.magnitude <= maximum.nanoseconds.magnitude else {
            diagnostics.error(outOfRange, at: path())
            return nil
        }
        if positive && nanoseconds == 0 {
            diagnostics.error(zeroMessage(value), at: path())
            return nil
        }
        return .nanoseconds(nanoseconds)
    }
}
