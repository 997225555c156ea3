/// The server's records by ID: the records in the order they were inserted, found through an index of
/// open addressing with linear probing.
///
/// A stored record knows its ID (its current version's), so the table keeps no key of its own: 8 bytes a
/// record and 8 an index bucket, instead of a `[CloudRecordID: StoredRecord]` bucket's 40 (two strings and
/// the reference). At a million records that is 24–32 MB instead of 84 (`simulate-bench model`,
/// docs/performance.md). The index grows at half full, so a lookup probes one or two buckets on
/// average. Buckets are found by the record name's hash, whose seed is the process's; the records are
/// listed in the order they were inserted, whatever the seed.
///
/// Each bucket holds the low 32 bits of its record's hash (never 0) above its position plus one (0 for an
/// empty bucket): a probe reads a record only when the bits match, so a lookup that finds nothing (every
/// save of a new record makes one) reads one bucket's line and no record, and growing the index or
/// closing a gap reads none either. The records themselves sit in insertion order, so the end of a run
/// frees them in about the order they were made: walked in bucket order, the million-record run read
/// each one, and the version it holds, at random in memory (docs/performance.md).
struct StoredRecordTable {
    /// The records in the order they were inserted; nil where one was removed.
    private var entries: [StoredRecord?] = []
    private var index: [UInt64] = []
    private(set) var count = 0

    /// The record with this ID.
    subscript(recordID: CloudRecordID) -> StoredRecord? {
        guard count > 0 else { return nil }
        let mask = index.count - 1
        let hash = Self.storedHash(recordID)
        var bucket = Int(truncatingIfNeeded: hash) & mask
        while index[bucket] != 0 {
            if Self.hash(index[bucket]) == hash, let entry = entries[Self.position(index[bucket])],
                entry.recordID == recordID
            {
                return entry
            }
            bucket = (bucket + 1) & mask
        }
        return nil
    }

    /// Adds a record whose ID is not in the table yet.
    mutating func insert(_ record: StoredRecord) {
        if (count + 1) * 2 > index.count { grow() }
        let mask = index.count - 1
        let hash = Self.storedHash(record.recordID)
        var bucket = Int(truncatingIfNeeded: hash) & mask
        while index[bucket] != 0 {
            precondition(
                Self.hash(index[bucket]) != hash || entries[Self.position(index[bucket])]?.recordID != record.recordID,
                "a stored record's ID is inserted once")
            bucket = (bucket + 1) & mask
        }
        precondition(entries.count < Int(UInt32.max), "too many stored records")
        index[bucket] = Self.bucket(hash: hash, position: entries.count)
        entries.append(record)
        count += 1
    }

    /// Removes and returns the record with this ID, if there is one.
    mutating func remove(_ recordID: CloudRecordID) -> StoredRecord? {
        guard count > 0 else { return nil }
        let mask = index.count - 1
        let hash = Self.storedHash(recordID)
        var bucket = Int(truncatingIfNeeded: hash) & mask
        while index[bucket] != 0 {
            let position = Self.position(index[bucket])
            if Self.hash(index[bucket]) == hash, let entry = entries[position], entry.recordID == recordID {
                entries[position] = nil
                closeGap(at: bucket, mask: mask)
                count -= 1
                if entries.count > 2 * count + 16 { compact() }
                return entry
            }
            bucket = (bucket + 1) & mask
        }
        return nil
    }

    /// Every record, in the order they were inserted.
    var values: some Sequence<StoredRecord> { entries.lazy.compactMap { $0 } }

    /// Every record's ID, in the order they were inserted.
    var keys: [CloudRecordID] { values.map(\.recordID) }

    /// Empties bucket `gap` and moves back each later bucket of the run that its own home allows, so
    /// that no lookup stops at an empty bucket before reaching its record.
    private mutating func closeGap(at gap: Int, mask: Int) {
        var gap = gap
        var bucket = (gap + 1) & mask
        index[gap] = 0
        while index[bucket] != 0 {
            let home = Int(truncatingIfNeeded: Self.hash(index[bucket])) & mask
            // The bucket may move to the gap unless its home lies after the gap, up to the bucket.
            if (gap - home) & mask < (bucket - home) & mask {
                index[gap] = index[bucket]
                index[bucket] = 0
                gap = bucket
            }
            bucket = (bucket + 1) & mask
        }
    }

    /// Doubles the index, placing each bucket by the hash bits it holds: no record is read.
    private mutating func grow() {
        let old = index
        index = Array(repeating: 0, count: max(16, old.count * 2))
        let mask = index.count - 1
        for value in old where value != 0 {
            var bucket = Int(truncatingIfNeeded: Self.hash(value)) & mask
            while index[bucket] != 0 { bucket = (bucket + 1) & mask }
            index[bucket] = value
        }
    }

    /// Closes the holes removals left in `entries`, moving each record (`take()`: no count up and down)
    /// and renumbering the buckets.
    private mutating func compact() {
        var newPositions = [UInt32](repeating: 0, count: entries.count)
        var kept: [StoredRecord?] = []
        kept.reserveCapacity(count)
        for position in entries.indices where entries[position] != nil {
            newPositions[position] = UInt32(kept.count)
            kept.append(entries[position].take())
        }
        entries = kept
        for bucket in index.indices where index[bucket] != 0 {
            let position = Int(newPositions[Self.position(index[bucket])])
            index[bucket] = Self.bucket(hash: Self.hash(index[bucket]), position: position)
        }
    }

    private static func bucket(hash: UInt32, position: Int) -> UInt64 {
        UInt64(hash) << 32 | UInt64(position + 1)
    }

    private static func hash(_ bucket: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: bucket >> 32) }

    private static func position(_ bucket: UInt64) -> Int { Int(truncatingIfNeeded: bucket & 0xFFFF_FFFF) - 1 }

    /// The low 32 bits of the record name's hash (``CloudRecordID``'s: a database has few zones), never 0;
    /// a record's home bucket is found from them.
    private static func storedHash(_ recordID: CloudRecordID) -> UInt32 {
        max(1, UInt32(truncatingIfNeeded: recordID.hashValue))
    }
}
