/// Record names numbered once for a whole run: every device's store and the mirroring's shared boxes
/// key their objects by the number, so a record imported by ten devices has its name hashed once, not
/// once per device.
///
/// `@exclusivity(unchecked)` as in ``ModelStore``.
final class NameTable {
    @exclusivity(unchecked) private var slots: [String: Int] = [:]
    /// The names by number.
    @exclusivity(unchecked) private(set) var names: [String] = []

    /// How many names have a number (the numbers are `0..<count`).
    var count: Int { slots.count }

    /// The number of a name seen before, if any.
    func slot(_ name: String) -> Int? { slots[name] }

    /// The name's number, giving it the next one if it has none (one hash lookup either way).
    func intern(_ name: String) -> Int {
        let next = slots.count
        let slot = Self.fill(&slots[name], next)
        if slot == next { names.append(name) }
        return slot
    }

    private static func fill(_ slot: inout Int?, _ next: Int) -> Int {
        if let slot { return slot }
        slot = next
        return next
    }

    // MARK: App identifiers

    /// The identifier the app chose (`insert`'s `id`), by the number of the record name it labels. The
    /// container names records itself, so an app identifier is never a record name: two devices giving
    /// two objects the same one make two records. It travels with the record, as the app's own
    /// attribute would.
    @exclusivity(unchecked) private var appIDs: [String?] = []
    @exclusivity(unchecked) private var slotsByAppID: [String: [Int]] = [:]

    func setAppID(_ appID: String, slot: Int) {
        if slot >= appIDs.count { appIDs += repeatElement(nil, count: max(slot + 1, appIDs.count * 2) - appIDs.count) }
        appIDs[slot] = appID
        slotsByAppID[appID, default: []].append(slot)
    }

    /// The numbers of the record names labelled `appID`, in the order the objects were created.
    func slots(appID: String) -> [Int] { slotsByAppID.isEmpty ? [] : slotsByAppID[appID] ?? [] }

    /// What scenarios call the object's `@id`: the app's identifier, or the record name when it has none.
    func handle(slot: Int) -> String {
        if slot < appIDs.count, let appID = appIDs[slot] { return appID }
        return names[slot]
    }

    func handle(recordName: String) -> String {
        guard !slotsByAppID.isEmpty, let slot = slots[recordName] else { return recordName }
        return handle(slot: slot)
    }
}
