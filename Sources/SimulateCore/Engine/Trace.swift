/// One thing that happened in a run, as shown in reports and timelines.
public struct TraceRecord: Sendable, Equatable {
    /// Whether a record is a point or one end of a span.
    public enum Phase: String, Sendable {
        /// A point in time.
        case instant
        /// The start of a span on a track; the matching `end` has the same track and name.
        case begin
        /// The end of the span its `begin` opened.
        case end
    }

    /// When it happened, in the run's virtual time.
    public var time: VirtualInstant
    /// The timeline row: a device id, or `"server:<plugin>"` for a plugin's server, or `"network"`.
    public var track: String
    /// The category groups records in timelines: `"connection"`, `"backoff"`, `"fault"`, …
    public var category: String
    /// What happened: `sse.connect`, `push.received`.
    public var name: String
    /// Text for people (not hashed): `attempt 3`.
    public var detail: String
    /// A point, or one end of a span.
    public var phase: Phase
    /// The number the run's hash covers with the record (`value:` of ``Trace/instant(_:_:_:_:value:)``).
    public var value: Int64

    /// A record; see the members.
    public init(
        time: VirtualInstant, track: String, category: String, name: String, detail: String = "",
        phase: Phase = .instant, value: Int64 = 0
    ) {
        self.time = time
        self.track = track
        self.category = category
        self.name = name
        self.detail = detail
        self.phase = phase
        self.value = value
    }

    /// `12.345s phone sse.connect attempt 3`.
    public var line: String {
        let text = DurationFormat.secondsText(time) + " " + track + " " + name
        return detail.isEmpty ? text : text + " " + detail
    }
}

/// The run's trace: every record is folded into the run's hash; storing records can be turned off for sweeps.
public final class Trace {
    /// The records kept so far, in time order (none when records are off).
    public private(set) var records: [TraceRecord] = []
    /// Whether records are stored (reports need them; sweeps turn them off).
    public let keepsRecords: Bool
    private let scheduler: Scheduler
    /// Records kept at most; past it only the hash goes on.
    public let recordLimit: Int
    /// Records not stored because ``recordLimit`` was reached.
    public private(set) var droppedRecords = 0
    /// How many of the latest records past the limit are kept for ``latestRecords``.
    static let latestKept = 256
    /// The latest records past ``recordLimit``, without their details.
    private var latestDropped = RecentItems<TraceRecord>(capacity: latestKept)
    /// Whether records are folded into the run's hash: off only for runs whose hash nobody reads (a
    /// quiet sweep's passing runs); the hash then stands for nothing.
    public let hashesRecords: Bool
    /// Neither hashed nor kept: a record is then nothing, decided at the call site.
    @usableFromInline let isInert: Bool

    /// A trace that folds every record into `scheduler`'s hash (unless `hashesRecords` is false), and
    /// stores up to `recordLimit` when `keepsRecords`.
    public init(scheduler: Scheduler, keepsRecords: Bool, recordLimit: Int = 2_000_000, hashesRecords: Bool = true) {
        self.scheduler = scheduler
        self.keepsRecords = keepsRecords
        self.recordLimit = recordLimit
        self.hashesRecords = hashesRecords
        isInert = !hashesRecords && !keepsRecords
    }

    /// Records a point in time. The run's hash covers the time, track, name and `value`; `detail` is
    /// for people and is only built when records are kept, so pass anything that matters as `value` too.
    @inlinable
    public func instant(
        _ track: String, _ category: String, _ name: String, _ detail: @autoclosure () -> String = "", value: Int64 = 0
    ) {
        guard !isInert else { return }
        record(track, category, name, detail, value, .instant)
    }

    /// Opens a span on `track` (closed by ``end(_:_:_:_:value:)`` with the same track and name); hashed as ``instant(_:_:_:_:value:)`` is.
    @inlinable
    public func begin(
        _ track: String, _ category: String, _ name: String, _ detail: @autoclosure () -> String = "", value: Int64 = 0
    ) {
        guard !isInert else { return }
        record(track, category, name, detail, value, .begin)
    }

    /// Closes the span ``begin(_:_:_:_:value:)`` opened with the same track and name.
    @inlinable
    public func end(
        _ track: String, _ category: String, _ name: String, _ detail: @autoclosure () -> String = "", value: Int64 = 0
    ) {
        guard !isInert else { return }
        record(track, category, name, detail, value, .end)
    }

    @usableFromInline
    func record(
        _ track: String, _ category: String, _ name: String, _ detail: () -> String, _ value: Int64,
        _ phase: TraceRecord.Phase
    ) {
        if hashesRecords {
            scheduler.combineIntoHash(track)
            scheduler.combineIntoHash(name)
            scheduler.combineIntoHash(UInt64(bitPattern: value))
        }
        guard keepsRecords else { return }
        guard records.count < recordLimit else {
            droppedRecords += 1
            latestDropped.append(
                TraceRecord(
                    time: scheduler.now, track: track, category: category, name: name, phase: phase, value: value))
            return
        }
        records.append(
            TraceRecord(
                time: scheduler.now, track: track, category: category, name: name, detail: detail(),
                phase: phase, value: value))
    }

    /// The run's last records, up to 256 and oldest first, when records are kept: past ``recordLimit``
    /// they are the latest ones the limit dropped (their details are not kept).
    public var latestRecords: [TraceRecord] {
        guard droppedRecords > 0 else { return Array(records.suffix(Self.latestKept)) }
        return latestDropped.oldestFirst
    }
}
