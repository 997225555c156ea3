/// The server's records by ID: open addressing with linear probing over one reference a bucket.
///
/// A stored record knows its ID (its current version's), so a bucket needs no key of its own: 16 bytes
/// with the hash bits below, instead of a `[CloudRecordID: StoredRecord]` bucket's 40 (two strings and
/// the reference). At a million records that is 32 MB instead of 84 (`simulate-bench model`,
/// docs/performance.md). The table grows at half full, so a lookup probes one or two buckets on
/// average. Buckets are found by the record name's hash, whose seed is the process's: only the order
/// of `values` depends on it, and every caller that lists records sorts them.
///
/// Each bucket keeps the low 32 bits of its record's hash beside the reference (0 for an empty bucket):
/// a probe reads a record only when they match, so a lookup that finds nothing (every save of a new
/// record makes one) reads no record at all, and growing the table or closing a gap reads none either.
/// The bits share the bucket's cache line, so the insert that follows a probe writes a line the probe
/// has just read: kept in an array of their own, they cost each new record a second miss at a million
/// records, on the bucket it was written to (docs/performance.md).
struct StoredRecordTable {
    private struct Bucket {
        var hash: UInt32 = 0
        var record: StoredRecord?
    }

    private var buckets: [Bucket] = []
    private(set) var count = 0

    /// The record with this ID.
    subscript(recordID: CloudRecordID) -> StoredRecord? {
        guard count > 0 else { return nil }
        let mask = buckets.count - 1
        let hash = Self.storedHash(recordID)
        var index = Int(truncatingIfNeeded: hash) & mask
        while buckets[index].hash != 0 {
            if buckets[index].hash == hash, let entry = buckets[index].record, entry.recordID == recordID {
                return entry
            }
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
        while buckets[index].hash != 0 {
            precondition(
                buckets[index].hash != hash || buckets[index].record?.recordID != record.recordID,
                "a stored record's ID is inserted once")
            index = (index + 1) & mask
        }
        buckets[index] = Bucket(hash: hash, record: record)
        count += 1
    }

    /// Removes and returns the record with this ID, if there is one.
    mutating func remove(_ recordID: CloudRecordID) -> StoredRecord? {
        guard count > 0 else { return nil }
        let mask = buckets.count - 1
        let hash = Self.storedHash(recordID)
        var index = Int(truncatingIfNeeded: hash) & mask
        while buckets[index].hash != 0 {
            if buckets[index].hash == hash, let entry = buckets[index].record, entry.recordID == recordID {
                closeGap(at: index, mask: mask)
                count -= 1
                return entry
            }
            index = (index + 1) & mask
        }
        return nil
    }

    /// Every record, in bucket order.
    var values: some Sequence<StoredRecord> { buckets.lazy.compactMap(\.record) }

    /// Every record's ID, in bucket order.
    var keys: [CloudRecordID] { values.map(\.recordID) }

    /// Empties bucket `gap` and moves back each later entry of the run that its own home allows, so
    /// that no lookup stops at an empty bucket before reaching its record.
    private mutating func closeGap(at gap: Int, mask: Int) {
        var gap = gap
        var index = (gap + 1) & mask
        buckets[gap] = Bucket()
        while buckets[index].hash != 0 {
            let home = Int(truncatingIfNeeded: buckets[index].hash) & mask
            // The entry may move to the gap unless its home lies after the gap, up to its bucket.
            let distanceToEntry = (index - home) & mask
            let distanceToGap = (gap - home) & mask
            if distanceToGap < distanceToEntry {
                buckets.swapAt(gap, index)
                gap = index
            }
            index = (index + 1) & mask
        }
    }

    /// Moves each record to its new bucket (`take()`): copying the old array's references would count
    /// each one up and down again, an atomic operation on a record long out of the cache.
    private mutating func grow() {
        var oldBuckets: [Bucket] = []
        swap(&oldBuckets, &buckets)
        let capacity = max(16, oldBuckets.count * 2)
        buckets = Array(repeating: Bucket(), count: capacity)
        let mask = capacity - 1
        for oldIndex in oldBuckets.indices where oldBuckets[oldIndex].hash != 0 {
            let hash = oldBuckets[oldIndex].hash
            var index = Int(truncatingIfNeeded: hash) & mask
            while buckets[index].hash != 0 { index = (index + 1) & mask }
            buckets[index] = Bucket(hash: hash, record: oldBuckets[oldIndex].record.take())
        }
    }

    /// The low 32 bits of the record name's hash (``CloudRecordID``'s: a database has few zones), never 0;
    /// a record's home bucket is found from them.
    private static func storedHash(_ recordID: CloudRecordID) -> UInt32 {
        max(1, UInt32(truncatingIfNeeded: recordID.hashValue))
    }
}
