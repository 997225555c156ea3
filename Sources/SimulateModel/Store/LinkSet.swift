import SimulateCloudKit

/// Many-to-many links (and to-many relationships without an inverse), mirrored as Core Data's `CDMR`
/// records ("Reading CloudKit Records for Core Data"): each record is named like any other record the
/// container makes (`CDMR-<device>-<n>` here, standing for its UUID) and holds the pair in its fields,
/// `CD_entityNames`, `CD_relationships` and `CD_recordNames`, each two values joined by `:`, in the
/// order of the entity names. So two devices that link the same pair make two records; the link holds
/// while any record of the pair does.
struct LinkSet {
    /// A relationship as stored: `name` is the canonical side (`Post.tags`, the smaller of the two
    /// `Entity.relationship` names, so the side whose entity name sorts first); `reversed` when the
    /// side at hand is the other one.
    struct Key: Hashable {
        let name: String
        let reversed: Bool
    }

    /// One logical link: the relationship's canonical side and both objects' record names.
    struct Pair: Hashable, Comparable, CustomStringConvertible {
        let relation: String
        /// The object on the canonical side, and the one on the other side.
        let first: String
        let second: String

        /// `Post.tags:Post-phone-1:Tag-phone-2`, for reports.
        var description: String { "\(relation):\(first):\(second)" }

        static func < (a: Pair, b: Pair) -> Bool { a.description < b.description }

        init(relation: String, first: String, second: String) {
            self.relation = relation
            self.first = first
            self.second = second
        }

        /// The pair a `CDMR` record holds, from its fields; nil when they do not name two of each.
        init?(record: CloudRecord) {
            func two(_ key: String) -> [String]? {
                guard case .string(let value)? = record[key] else { return nil }
                let parts = value.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
                return parts.count == 2 ? parts : nil
            }
            guard let entities = two("CD_entityNames"), let relationships = two("CD_relationships"),
                let names = two("CD_recordNames")
            else { return nil }
            self.init(relation: entities[0] + "." + relationships[0], first: names[0], second: names[1])
        }
    }

    private var byObject: [String: Set<Pair>] = [:]
    /// The `CDMR` records known to hold each link: this device's own and those it imported.
    private var recordsByPair: [Pair: [String]] = [:]
    private var pairByRecord: [String: Pair] = [:]
    /// Record names to save and to delete, in order.
    private(set) var pendingSaves: [String] = []
    private(set) var pendingRemovals: [String] = []
    private var pendingSet: Set<String> = []
    /// `CDMR-phone-`: with `serial`, names no other device makes.
    private let recordPrefix: String
    private var serial = 0

    init(device: String = "") { recordPrefix = MirrorShared.linkRecordType + "-" + device + "-" }

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

    /// The pair a record of this device or an imported one holds.
    func pair(ofRecord name: String) -> Pair? { pairByRecord[name] }

    var all: [Pair] {
        var pairs: Set<Pair> = []
        for set in byObject.values { pairs.formUnion(set) }
        return pairs.sorted()
    }

    /// A local link: a new record for it.
    mutating func insert(_ key: Key, _ id: String, _ target: String) {
        let pair = makePair(key, id, target)
        guard !contains(pair) else { return }
        add(pair)
        serial += 1
        let name = recordPrefix + String(serial)
        attach(name, pair)
        queue(name, save: true)
    }

    mutating func remove(_ key: Key, _ id: String, _ target: String) {
        remove(makePair(key, id, target), local: true)
    }

    /// Ends a link. `local`: the device's own change, which deletes every record of the pair it knows.
    mutating func remove(_ pair: Pair, local: Bool) {
        guard contains(pair) else { return }
        byObject[pair.first]?.remove(pair)
        byObject[pair.second]?.remove(pair)
        for name in recordsByPair.removeValue(forKey: pair) ?? [] {
            pairByRecord[name] = nil
            if local { queue(name, save: false) }
        }
    }

    /// A record imported from the zone: the link holds (again) unless the device is deleting that record.
    mutating func adopt(record name: String, _ pair: Pair) {
        guard pendingRemovals.isEmpty || !pendingRemovals.contains(name) else { return }
        if pairByRecord[name] == nil { attach(name, pair) }
        if !contains(pair) { add(pair) }
    }

    /// A record deleted on the server: the link ends when no other record holds it.
    mutating func removeRecord(_ name: String) {
        guard let pair = pairByRecord.removeValue(forKey: name) else { return }
        recordsByPair[pair]?.removeAll { $0 == name }
        if pendingSet.remove(name) != nil {
            pendingSaves.removeAll { $0 == name }
            pendingRemovals.removeAll { $0 == name }
        }
        if recordsByPair[pair]?.isEmpty ?? true { remove(pair, local: false) }
    }

    mutating func removeAll(of id: String, _ key: Key) {
        for pair in (byObject[id] ?? []).sorted() where pair.relation == key.name { remove(pair, local: true) }
    }

    private mutating func add(_ pair: Pair) {
        byObject[pair.first, default: []].insert(pair)
        byObject[pair.second, default: []].insert(pair)
    }

    private mutating func attach(_ name: String, _ pair: Pair) {
        pairByRecord[name] = pair
        recordsByPair[pair, default: []].append(name)
    }

    private func makePair(_ key: Key, _ id: String, _ target: String) -> Pair {
        key.reversed
            ? Pair(relation: key.name, first: target, second: id) : Pair(relation: key.name, first: id, second: target)
    }

    private mutating func queue(_ name: String, save: Bool) {
        if pendingSet.contains(name) {
            pendingSaves.removeAll { $0 == name }
            pendingRemovals.removeAll { $0 == name }
        }
        pendingSet.insert(name)
        if save { pendingSaves.append(name) } else { pendingRemovals.append(name) }
    }

    /// Takes up to `limit` pending link changes to export: the records to save with their pairs, and
    /// the names to delete.
    mutating func takePending(limit: Int) -> (saves: [(name: String, pair: Pair)], removals: [String]) {
        let removals = Array(pendingRemovals.prefix(limit))
        pendingRemovals.removeFirst(removals.count)
        let saveNames = Array(pendingSaves.prefix(limit - removals.count))
        pendingSaves.removeFirst(saveNames.count)
        for name in removals + saveNames { pendingSet.remove(name) }
        return (saveNames.compactMap { name in pairByRecord[name].map { (name, $0) } }, removals)
    }

    /// Puts back changes whose export failed.
    mutating func requeue(saves: [String], removals: [String]) {
        for name in saves where !pendingSet.contains(name) && pairByRecord[name] != nil { queue(name, save: true) }
        for name in removals where !pendingSet.contains(name) && pairByRecord[name] == nil { queue(name, save: false) }
    }

    var pendingCount: Int { pendingSaves.count + pendingRemovals.count }

    /// The names of the records that hold the links, sorted.
    var recordNames: [String] { pairByRecord.keys.sorted() }
}
