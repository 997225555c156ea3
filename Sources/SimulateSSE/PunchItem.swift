/// One Punchlist item, as the Go backend's `Item` struct serialises it.
public struct PunchItem: Equatable, Sendable {
    /// The server's `time.Now().UnixNano()` as a decimal string; `tmp-…` for an optimistic item.
    public var id: String
    /// What the user typed.
    public var text: String
    /// Whether the item is ticked off.
    public var done: Bool
    /// RFC 3339, seconds precision, UTC (Go's `time.RFC3339`).
    public var created: String

    /// An item; not done by default.
    public init(id: String, text: String, done: Bool = false, created: String) {
        self.id = id
        self.text = text
        self.done = done
        self.created = created
    }

    /// Ids the client made up for optimistic items start with this; the server never issues one.
    static let temporaryPrefix = "tmp-"

    /// An optimistic item the client made up, not yet replaced by the server's.
    public var isTemporary: Bool { id.hasPrefix(Self.temporaryPrefix) }
}

/// Wall-clock text for virtual time: the simulation's time 0 is 2026-01-01T00:00:00Z.
package enum PunchClock {
    /// 2026-01-01T00:00:00Z in Unix seconds.
    package static let epochSeconds: Int64 = 1_767_225_600
    package static let epochNanoseconds: Int64 = epochSeconds * 1_000_000_000

    /// Go's `time.RFC3339` layout (`2006-01-02T15:04:05Z07:00`) in UTC for Unix nanoseconds.
    package static func rfc3339(unixNanoseconds: Int64) -> String {
        let seconds = unixNanoseconds >= 0 ? unixNanoseconds / 1_000_000_000 : (unixNanoseconds + 1) / 1_000_000_000 - 1
        let days = seconds >= 0 ? seconds / 86_400 : (seconds + 1) / 86_400 - 1
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civilDate(daysSinceEpoch: days)
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(secondOfDay / 3600, 2) + ":"
            + pad(secondOfDay / 60 % 60, 2) + ":" + pad(secondOfDay % 60, 2) + "Z"
    }

    /// Howard Hinnant's days-to-civil algorithm (proleptic Gregorian calendar).
    static func civilDate(daysSinceEpoch: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = daysSinceEpoch + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}
