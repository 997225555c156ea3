import SimulateCore
import SimulateJSON
import SimulateReports

/// One trace record as a JSON line: `{"t": ns, "track", "category", "name", "detail", "phase"}`.
/// `t`, whole nanoseconds since the run started, is the file format of `serve --record` (read by
/// `diff`): the time is a number only here, on its way in and out.
enum TraceRecordLine {
    static func json(_ record: TraceRecord) -> JSON {
        [
            "t": .integer(record.time.nanoseconds), "track": .string(record.track),
            "category": .string(record.category),
            "name": .string(record.name), "detail": .string(record.detail), "phase": .string(record.phase.rawValue),
        ]
    }

    static func parse(_ value: JSON) -> TraceRecord? {
        guard case .object(let object) = value, case .integer(let time)? = object["t"],
            case .string(let track)? = object["track"], case .string(let category)? = object["category"],
            case .string(let name)? = object["name"]
        else { return nil }
        let detail: String = if case .string(let detail)? = object["detail"] { detail } else { "" }
        let phase: TraceRecord.Phase =
            if case .string(let text)? = object["phase"], let phase = TraceRecord.Phase(rawValue: text) { phase } else {
                .instant
            }
        return TraceRecord(
            time: VirtualInstant(nanoseconds: time), track: track, category: category, name: name, detail: detail,
            phase: phase)
    }
}
