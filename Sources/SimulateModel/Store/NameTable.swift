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
}
