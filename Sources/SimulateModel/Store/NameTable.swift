/// Record names numbered once for a whole run: every device's store and the mirroring's shared boxes
/// key their objects by the number, so a record imported by ten devices has its name hashed once, not
/// once per device.
///
/// The numbers are found through an open-addressing index of 4 bytes a bucket (each bucket the number
/// plus one, 0 for empty; linear probing, grown at half full) whose entries compare against `names`:
/// a `[String: Int]` took 24 bytes a bucket, 50 MB at a million names (`simulate-bench model`,
/// docs/performance.md). Each name's hash bits are kept by its number, so a probe reads a name only when
/// they match and the index grows without hashing a name again.
///
/// `@exclusivity(unchecked)` as in ``ModelStore``.
final class NameTable {
    @exclusivity(unchecked) private var index: [UInt32] = []
    /// The names by number.
    @exclusivity(unchecked) private(set) var names: [String] = []
    /// The low 32 bits of each name's hash value, by number.
    @exclusivity(unchecked) private var hashes: [UInt32] = []

    /// How many names have a number (the numbers are `0..<count`).
    var count: Int { names.count }

    /// The number of a name seen before, if any.
    func slot(_ name: String) -> Int? {
        guard !names.isEmpty else { return nil }
        let bucket = find(name, hash: name.hashValue)
        return index[bucket] == 0 ? nil : Int(index[bucket] - 1)
    }

    /// The name's number, giving it the next one if it has none (one probe sequence either way).
    func intern(_ name: String) -> Int {
        if (names.count + 1) * 2 > index.count { grow() }
        let hash = name.hashValue
        let bucket = find(name, hash: hash)
        if index[bucket] != 0 { return Int(index[bucket] - 1) }
        precondition(UInt64(names.count) < UInt64(UInt32.max), "too many record names for one run")
        names.append(name)
        hashes.append(UInt32(truncatingIfNeeded: hash))
        index[bucket] = UInt32(names.count)
        return names.count - 1
    }

    /// The bucket that holds `name`'s number, or the empty one where it would go.
    private func find(_ name: String, hash: Int) -> Int {
        let mask = index.count - 1
        let bits = UInt32(truncatingIfNeeded: hash)
        var bucket = Int(bits) & mask
        while index[bucket] != 0 {
            let number = Int(index[bucket] - 1)
            if hashes[number] == bits && names[number] == name { break }
            bucket = (bucket + 1) & mask
        }
        return bucket
    }

    /// A name's bucket is its kept hash bits under the mask, in `find` as here.
    private func grow() {
        index = Array(repeating: 0, count: max(16, index.count * 2))
        let mask = index.count - 1
        for (slot, bits) in hashes.enumerated() {
            var bucket = Int(bits) & mask
            while index[bucket] != 0 { bucket = (bucket + 1) & mask }
            index[bucket] = UInt32(slot + 1)
        }
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
        guard !slotsByAppID.isEmpty, let slot = slot(recordName) else { return recordName }
        return handle(slot: slot)
    }
}
