import SimulateCore

/// The Punchlist server's state: the item list, its version, and ids issued the Go backend's way
/// (`time.Now().UnixNano()` of the server clock, at the clock's ``ServerClockResolution``). The
/// in-process server and `simulate serve` both keep their items here, so the same mutations at the
/// same times give the same bytes on the wire.
package struct PunchBoard {
    package private(set) var items: [PunchItem] = []
    package private(set) var version = 0
    private var lastIssuedID: Int64 = 0
    private let clockResolution: ServerClockResolution
    /// The version ``currentEvent()`` encoded last (-1: none yet), its data and its bytes.
    package private(set) var encodedVersion = -1
    package private(set) var encodedData = ""
    private var encoded: [UInt8] = []

    /// The initial items, issued at time 0, make version 1.
    package init(initialItems: [(text: String, done: Bool)], clockResolution: ServerClockResolution = .nanosecond) {
        self.clockResolution = clockResolution
        for initial in initialItems {
            var item = makeItem(text: initial.text, at: .start)
            item.done = initial.done
            items.append(item)
        }
        version = 1
    }

    /// Applies one mutation at virtual time `now`; an applied one makes a new version.
    package mutating func apply(_ mutation: Mutation, at now: VirtualInstant) -> MutationReply {
        if case .add(let text) = mutation {
            items.append(makeItem(text: text, at: now))
        } else {
            guard let id = mutation.itemID, let index = items.firstIndex(where: { $0.id == id }) else {
                return .unknownItem
            }
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

    /// The full-state event of the current version, encoded once per version.
    package mutating func currentEvent() -> [UInt8] {
        if encodedVersion != version {
            encodedData = PunchWire.itemsData(items)
            encoded = PunchWire.fullStateEvent(version: version, data: encodedData)
            encodedVersion = version
        }
        return encoded
    }

    private mutating func makeItem(text: String, at now: VirtualInstant) -> PunchItem {
        let clock = PunchClock.epochNanoseconds + now.nanoseconds
        let id = clockResolution.id(clock: clock, previous: lastIssuedID)
        lastIssuedID = id
        return PunchItem(id: String(id), text: text, created: PunchClock.rfc3339(unixNanoseconds: clock))
    }
}
