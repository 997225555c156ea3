/// The server's records by ID: open addressing with linear probing over one reference a bucket.
///
/// A stored record knows its ID (its current version's), so a bucket needs no key of its own: 8 bytes
/// instead of a `[CloudRecordID: StoredRecord]` bucket's 40 (two strings and the reference). At a
/// million records that is 16 MB (24 with the hash bits below) instead of 84 (`simulate-bench model`,
/// docs/performance.md). The table grows at half full, so a lookup probes one or two buckets on
/// average. Buckets are found by the record name's hash, whose seed is the process's: only the order
/// of `values` depends on it, and every caller that lists records sorts them.
///
/// Beside each bucket, the low 32 bits of its record's hash (0 for an empty bucket): a probe reads a
/// record only when they match, so a lookup that finds nothing (every save of a new record makes one)
/// reads no record at all, and growing the table or closing a gap reads none either. At a million
/// records each probe of a record cost three cache misses (bucket, record, its box); 8 MB more than the
/// buckets alone (docs/performance.md).
struct StoredRecordTable {
    private var buckets: [StoredRecord?] = []
    private var hashes: [UInt32] = []
    private(set) var count = 0

    /// The record with this ID.
    subscript(recordID: CloudRecordID) -> StoredRecord? {
        guard count > 0 else { return nil }
        let mask = buckets.count - 1
        let hash = Self.storedHash(recordID)
        var index = Int(truncatingIfNeeded: hash) & mask
        while hashes[index] != 0 {
            if hashes[index] == hash, let entry = buckets[index], entry.recordID == recordID { return entry }
            index = (index + 1) & mask
        }
        return nil
    }

    /// Adds a record whose ID is not in the table yet.
    mutating func insert(_ record: StoredRecord) {
        if (count + 1) * 2 > buckets.count { grow() }
        let mask = buckets.count - 1
        let hash = Self.storedHash(record.recordID)
        var index = Int(truncatingIfNeeded: hash) & mask
        while hashes[index] != 0 {
            precondition(
                hashes[index] != hash || buckets[index]?.recordID != record.recordID,
                "a stored record's ID is inserted once")
            index = (index + 1) & mask
        }
        buckets[index] = record
        hashes[index] = hash
        count += 1
    }

    /// Removes and returns the record with this ID, if there is one.
    mutating func remove(_ recordID: CloudRecordID) -> StoredRecord? {
        guard count > 0 else { return nil }
        let mask = buckets.count - 1
        let hash = Self.storedHash(recordID)
        var index = Int(truncatingIfNeeded: hash) & mask
        while hashes[index] != 0 {
            if hashes[index] == hash, let entry = buckets[index], entry.recordID == recordID {
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
        hashes[gap] = 0
        while hashes[index] != 0 {
            let home = Int(truncatingIfNeeded: hashes[index]) & mask
            // The entry may move to the gap unless its home lies after the gap, up to its bucket.
            let distanceToEntry = (index - home) & mask
            let distanceToGap = (gap - home) & mask
            if distanceToGap < distanceToEntry {
                buckets[gap] = buckets[index]
                hashes[gap] = hashes[index]
                buckets[index] = nil
                hashes[index] = 0
                gap = index
            }
            index = (index + 1) & mask
        }
    }

    /// Moves each record to its new bucket (`take()`): copying the old array's references would count
    /// each one up and down again, an atomic operation on a record long out of the cache.
    private mutating func grow() {
        var oldBuckets: [StoredRecord?] = []
        swap(&oldBuckets, &buckets)
        let oldHashes = hashes
        let capacity = max(16, oldBuckets.count * 2)
        buckets = Array(repeating: nil, count: capacity)
        hashes = Array(repeating: 0, count: capacity)
        let mask = capacity - 1
        for oldIndex in oldHashes.indices where oldHashes[oldIndex] != 0 {
            var index = Int(truncatingIfNeeded: oldHashes[oldIndex]) & mask
            while hashes[index] != 0 { index = (index + 1) & mask }
            buckets[index] = oldBuckets[oldIndex].take()
            hashes[index] = oldHashes[oldIndex]
        }
    }

    /// The low 32 bits of the record name's hash (``CloudRecordID``'s: a database has few zones), never 0;
    /// a record's home bucket is found from them.
    private static func storedHash(_ recordID: CloudRecordID) -> UInt32 {
        max(1, UInt32(truncatingIfNeeded: recordID.hashValue))
    }
}
