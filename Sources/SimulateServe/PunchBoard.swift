import SimulateSSE

/// The Punchlist server's state for `simulate serve`: the item list, its version, and ids issued as
/// the in-process server issues them (UnixNano of the server clock, +1 ns within one nanosecond), so
/// the same mutations at the same virtual times give the same bytes on the wire.
struct PunchBoard {
    private(set) var items: [PunchItem] = []
    private(set) var version = 0
    private var lastIssuedID: Int64 = 0
    private var encodedVersion = -1
    private var encoded: [UInt8] = []

    init(initialItems: [(text: String, done: Bool)]) {
        for initial in initialItems {
            var item = makeItem(text: initial.text, atNanoseconds: 0)
            item.done = initial.done
            items.append(item)
        }
        version = 1
    }

    enum Reply: Equatable {
        case applied(version: Int)
        case unknownItem
    }

    /// Applies one mutation at virtual time `now`.
    mutating func apply(_ mutation: BoardMutation, atNanoseconds now: Int64) -> Reply {
        switch mutation {
        case .add(let text):
            items.append(makeItem(text: text, atNanoseconds: now))
        case .toggle(let id), .open(let id), .close(let id), .bump(let id), .delete(let id):
            guard let index = items.firstIndex(where: { $0.id == id }) else { return .unknownItem }
            switch mutation {
            case .toggle: items[index].done.toggle()
            case .open: items[index].done = false
            case .close: items[index].done = true
            case .bump: items.append(items.remove(at: index))
            case .delete: items.remove(at: index)
            case .add: break
            }
        }
        version += 1
        return .applied(version: version)
    }

    /// The full-state event for the current version, as the in-process server writes it.
    mutating func currentEvent() -> [UInt8] {
        if encodedVersion != version {
            encoded = PunchWire.fullStateEvent(version: version, items: items)
            encodedVersion = version
        }
        return encoded
    }

    private mutating func makeItem(text: String, atNanoseconds now: Int64) -> PunchItem {
        let clock = PunchClock.epochNanoseconds + now
        let id = max(clock, lastIssuedID + 1)
        lastIssuedID = id
        return PunchItem(id: String(id), text: text, created: PunchClock.rfc3339(unixNanoseconds: clock))
    }
}

/// One mutation as the HTTP API names it: `POST /ko {"op": …}` or `DELETE /ko/{id}`.
enum BoardMutation: Equatable {
    case add(text: String)
    case toggle(id: String)
    case open(id: String)
    case close(id: String)
    case bump(id: String)
    case delete(id: String)

    var name: String {
        switch self {
        case .add: "add"
        case .toggle: "toggle"
        case .open: "open"
        case .close: "close"
        case .bump: "bump"
        case .delete: "delete"
        }
    }

    init?(op: String, text: String?, id: String?) {
        switch (op, text, id) {
        case ("add", let text?, _): self = .add(text: text)
        case ("toggle", _, let id?): self = .toggle(id: id)
        case ("open", _, let id?): self = .open(id: id)
        case ("close", _, let id?): self = .close(id: id)
        case ("bump", _, let id?): self = .bump(id: id)
        case ("delete", _, let id?): self = .delete(id: id)
        default: return nil
        }
    }
}
