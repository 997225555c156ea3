import SimulateCore

/// The last few entries of a client's log (at most ``capacity``), oldest first: what a violation cites.
/// Held inline, so that an invariant keeping them for a later message copies 100 bytes and allocates
/// nothing, and the log's next entry does not copy them on write.
struct RecentEvents: RandomAccessCollection {
    static let capacity = 4
    private static let unused = ClientEvent(time: .start, kind: .attempt)

    private var first = Self.unused
    private var second = Self.unused
    private var third = Self.unused
    private var fourth = Self.unused
    private(set) var count = 0

    init() {}

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(position: Int) -> ClientEvent {
        precondition(position >= 0 && position < count, "no recent event at \(position)")
        return switch position {
        case 0: first
        case 1: second
        case 2: third
        default: fourth
        }
    }

    /// Adds the newest entry, dropping the oldest when full.
    mutating func push(_ event: ClientEvent) {
        switch count {
        case 0: first = event
        case 1: second = event
        case 2: third = event
        case 3: fourth = event
        default:
            first = second
            second = third
            third = fourth
            fourth = event
            return
        }
        count += 1
    }
}
