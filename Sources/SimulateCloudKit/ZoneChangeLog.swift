/// A zone's changes in sequence order, each record's last one current, so a fetch reads the changes
/// since its token without scanning and sorting the zone. Superseded entries are marked and dropped
/// once they are the majority.
struct ZoneChangeLog {
    struct Entry {
        /// The sequence, with the two flags in its top bits: 48 bytes an entry instead of 56.
        private var bits: Int
        let recordID: CloudRecordID
        /// The saved version, nil for a deletion: it stays its stored record's current version until a
        /// later change supersedes the entry (a save replaces the current version and supersedes the
        /// record's earlier entry at once; a removed record's entry is superseded first), and the server's
        /// table holds the record all that time. Kept from the save, so a fetch looks up no record by its
        /// ID, and reads no stored record either: at a million records each was a cache miss
        /// (docs/performance.md). Unretained: the log keeps no version alive, and a fetch counts no
        /// reference but the one its page keeps (docs/performance.md's table of unchecked lifetimes).
        private let version: CloudRecord.Unretained?

        private static let deletedBit = 1 << 62
        private static let supersededBit = 1 << 61
        private static let sequenceMask = supersededBit - 1

        init(sequence: Int, recordID: CloudRecordID, stored: StoredRecord?) {
            precondition(sequence >= 0 && sequence <= Self.sequenceMask, "a zone's change sequence fits 61 bits")
            bits = sequence | (stored == nil ? Self.deletedBit : 0)
            self.recordID = recordID
            version = stored?.current.unretained
        }

        /// The current version of the saved record, for an entry no later change superseded.
        var current: CloudRecord? { version?.record }

        var sequence: Int { bits & Self.sequenceMask }
        var deleted: Bool { bits & Self.deletedBit != 0 }
        var superseded: Bool {
            get { bits & Self.supersededBit != 0 }
            set { bits = newValue ? bits | Self.supersededBit : bits & ~Self.supersededBit }
        }
    }

    struct Page {
        var changed: [CloudRecord] = []
        var deleted: [CloudRecordID] = []
        var lastSequence: Int?
        var moreComing = false
    }

    private(set) var entries: [Entry] = []
    private var supersededCount = 0

    /// `record` was saved; `sequence` is higher than every sequence appended before.
    mutating func append(_ sequence: Int, saved record: StoredRecord) {
        entries.append(Entry(sequence: sequence, recordID: record.recordID, stored: record))
    }

    /// `recordID` was deleted; `sequence` is higher than every sequence appended before.
    mutating func append(_ sequence: Int, deleted recordID: CloudRecordID) {
        entries.append(Entry(sequence: sequence, recordID: recordID, stored: nil))
    }

    mutating func supersede(_ sequence: Int) {
        // A record saved again and again (a counter) supersedes the log's last entry: no search for it.
        let index = entries.last?.sequence == sequence ? entries.count - 1 : firstIndex(after: sequence - 1)
        guard index < entries.count, entries[index].sequence == sequence, !entries[index].superseded else { return }
        entries[index].superseded = true
        supersededCount += 1
        if supersededCount > 1024 && supersededCount * 2 > entries.count {
            entries.removeAll { $0.superseded }
            supersededCount = 0
        }
    }

    /// At most `limit` current changes after `sequence`, in order.
    func page(after sequence: Int, limit: Int) -> Page {
        var page = Page()
        var taken = 0
        for index in firstIndex(after: sequence)..<entries.count where !entries[index].superseded {
            if taken == limit {
                page.moreComing = true
                break
            }
            taken += 1
            page.lastSequence = entries[index].sequence
            if entries[index].deleted {
                page.deleted.append(entries[index].recordID)
            } else if let current = entries[index].current {
                page.changed.append(current)
            }
        }
        return page
    }

    /// Every record the log's current changes saved, in order: the zone's records as a fetch from the
    /// beginning pages through them.
    func forEachCurrent(_ body: (CloudRecord) -> Void) {
        for entry in entries where !entry.superseded {
            if let current = entry.current { body(current) }
        }
    }

    /// The index of the first entry with a sequence above `sequence`.
    func firstIndex(after sequence: Int) -> Int {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].sequence <= sequence { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
