/// The server's records by ID: open addressing with linear probing over one reference a bucket.
///
/// A stored record knows its ID (its current version's), so a bucket needs no key of its own: 8 bytes
/// instead of a `[CloudRecordID: StoredRecord]` bucket's 40 (two strings and the reference). At a
/// million records that is 16 MB instead of 84 (`simulate-bench model`, docs/performance.md). The
/// table grows at half full, so a lookup probes one or two buckets on average. Buckets are found by the
/// record name's hash, whose seed is the process's: only the order of `values` depends on it, and
/// every caller that lists records sorts them.
struct StoredRecordTable {
    private var buckets: [StoredRecord?] = []
    private(set) var count = 0

    /// The record with this ID.
    subscript(recordID: CloudRecordID) -> StoredRecord? {
        guard count > 0 else { return nil }
        let mask = buckets.count - 1
        var index = Self.home(recordID, mask: mask)
        while let entry = buckets[index] {
            if entry.recordID == recordID { return entry }
            index = (index + 1) & mask
        }
        return nil
    }

    /// Adds a record whose ID is not in the table yet.
    mutating func insert(_ record: StoredRecord) {
        if (count + 1) * 2 > buckets.count { grow() }
        let mask = buckets.count - 1
        var index = Self.home(record.recordID, mask: mask)
        while let entry = buckets[index] {
            precondition(entry.recordID != record.recordID, "a stored record's ID is inserted once")
            index = (index + 1) & mask
        }
        buckets[index] = record
        count += 1
    }

    /// Removes and returns the record with this ID, if there is one.
    mutating func remove(_ recordID: CloudRecordID) -> StoredRecord? {
        guard count > 0 else { return nil }
        let mask = buckets.count - 1
        var index = Self.home(recordID, mask: mask)
        while let entry = buckets[index] {
            if entry.recordID == recordID {
                closeGap(at: index, mask: mask)
                count -= 1
                return entry
            }
            index = (index + 1) & mask
        }
        return nil
    }

    /// Every record, in bucket order.
    var values: some Sequence<StoredRecord> { buckets.lazy.compactMap { $0 } }

    /// Every record's ID, in bucket order.
    var keys: [CloudRecordID] { values.map(\.recordID) }

    /// Empties bucket `gap` and moves back each later entry of the run that its own home allows, so
    /// that no lookup stops at an empty bucket before reaching its record.
    private mutating func closeGap(at gap: Int, mask: Int) {
        var gap = gap
        var index = (gap + 1) & mask
        buckets[gap] = nil
        while let entry = buckets[index] {
            let home = Self.home(entry.recordID, mask: mask)
            // The entry may move to the gap unless its home lies after the gap, up to its bucket.
            let distanceToEntry = (index - home) & mask
            let distanceToGap = (gap - home) & mask
            if distanceToGap < distanceToEntry {
                buckets[gap] = entry
                buckets[index] = nil
                gap = index
            }
            index = (index + 1) & mask
        }
    }

    private mutating func grow() {
        let old = buckets
        buckets = Array(repeating: nil, count: max(16, old.count * 2))
        let mask = buckets.count - 1
        for case let entry? in old {
            var index = Self.home(entry.recordID, mask: mask)
            while buckets[index] != nil { index = (index + 1) & mask }
            buckets[index] = entry
        }
    }

    /// The record name alone, as ``CloudRecordID``'s hash: a database has few zones.
    private static func home(_ recordID: CloudRecordID, mask: Int) -> Int {
        recordID.hashValue & mask
    }
}
