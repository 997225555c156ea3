/// Many-to-many links (and to-many relationships without an inverse), mirrored as Core Data's `CDMR`
/// records: one record per linked pair, named after the relationship and both record names.
struct LinkSet {
    /// A relationship as stored: `name` is the canonical side (`Post.tags`, the smaller of the two
    /// `Entity.relationship` names); `reversed` when the side at hand is the other one.
    struct Key: Hashable {
        let name: String
        let reversed: Bool
    }

    struct Pair: Hashable, Comparable {
        let relation: String
        /// The object on the canonical side, and the one on the other side.
        let first: String
        let second: String

        /// `Post.tags:post-1:tag-2`.
        var recordName: String { "\(relation):\(first):\(second)" }

        static func < (a: Pair, b: Pair) -> Bool { a.recordName < b.recordName }

        init(relation: String, first: String, second: String) {
            self.relation = relation
            self.first = first
            self.second = second
        }

        init?(recordName: String) {
            let parts = recordName.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 3 else { return nil }
            self.init(relation: String(parts[0]), first: String(parts[1]), second: String(parts[2]))
        }
    }

    private var byObject: [String: Set<Pair>] = [:]
    private(set) var pendingSaves: [Pair] = []
    private(set) var pendingRemovals: [Pair] = []
    private var pendingSet: Set<Pair> = []

    static func key(_ layout: StoreLayout, _ entity: StoreLayout.Entity, _ relationship: RelationshipSpec) -> Key {
        let own = "\(entity.name).\(relationship.name)"
        guard let inverse = relationship.inverse else { return Key(name: own, reversed: false) }
        let other = "\(relationship.destination).\(inverse)"
        return other < own ? Key(name: other, reversed: true) : Key(name: own, reversed: false)
    }

    func targets(_ key: Key, of id: String, reversed: Bool) -> [String] {
        (byObject[id] ?? []).compactMap { pair in
            guard pair.relation == key.name else { return nil }
            if reversed { return pair.second == id ? pair.first : nil }
            return pair.first == id ? pair.second : nil
        }.sorted()
    }

    func contains(_ pair: Pair) -> Bool { byObject[pair.first]?.contains(pair) ?? false }

    var all: [Pair] {
        var pairs: Set<Pair> = []
        for set in byObject.values { pairs.formUnion(set) }
        return pairs.sorted()
    }

    mutating func insert(_ key: Key, _ id: String, _ target: String, local: Bool = true) {
        let pair = makePair(key, id, target)
        guard !contains(pair) else { return }
        byObject[pair.first, default: []].insert(pair)
        byObject[pair.second, default: []].insert(pair)
        if local { queue(pair, save: true) }
    }

    mutating func remove(_ key: Key, _ id: String, _ target: String, local: Bool = true) {
        remove(makePair(key, id, target), local: local)
    }

    mutating func remove(_ pair: Pair, local: Bool) {
        guard contains(pair) else { return }
        byObject[pair.first]?.remove(pair)
        byObject[pair.second]?.remove(pair)
        if local { queue(pair, save: false) }
    }

    mutating func adopt(_ pair: Pair) {
        byObject[pair.first, default: []].insert(pair)
        byObject[pair.second, default: []].insert(pair)
    }

    mutating func removeAll(of id: String, _ key: Key) {
        for pair in (byObject[id] ?? []).sorted() where pair.relation == key.name { remove(pair, local: true) }
    }

    private func makePair(_ key: Key, _ id: String, _ target: String) -> Pair {
        key.reversed
            ? Pair(relation: key.name, first: target, second: id) : Pair(relation: key.name, first: id, second: target)
    }

    private mutating func queue(_ pair: Pair, save: Bool) {
        if pendingSet.contains(pair) {
            pendingSaves.removeAll { $0 == pair }
            pendingRemovals.removeAll { $0 == pair }
        }
        pendingSet.insert(pair)
        if save { pendingSaves.append(pair) } else { pendingRemovals.append(pair) }
    }

    /// Takes up to `limit` pending link changes to export.
    mutating func takePending(limit: Int) -> (saves: [Pair], removals: [Pair]) {
        let removals = Array(pendingRemovals.prefix(limit))
        pendingRemovals.removeFirst(removals.count)
        let saves = Array(pendingSaves.prefix(limit - removals.count))
        pendingSaves.removeFirst(saves.count)
        for pair in removals + saves { pendingSet.remove(pair) }
        return (saves, removals)
    }

    /// Puts back changes whose export failed.
    mutating func requeue(saves: [Pair], removals: [Pair]) {
        for pair in saves where !pendingSet.contains(pair) && contains(pair) { queue(pair, save: true) }
        for pair in removals where !pendingSet.contains(pair) && !contains(pair) { queue(pair, save: false) }
    }

    var pendingCount: Int { pendingSaves.count + pendingRemovals.count }
}
