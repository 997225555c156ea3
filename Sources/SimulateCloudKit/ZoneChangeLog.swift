/// A zone's changes in sequence order, each record's last one current, so a fetch reads the changes
/// since its token without scanning and sorting the zone. Superseded entries are marked and dropped
/// once they are the majority.
///
/// An open ``ZoneChangeFeed`` reads the zone as it stood when it opened (its window): an entry superseded
/// while a window covers it stays in the log, pinned with its version, until no open window needs it.
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
        /// reference but the one its page keeps (docs/performance.md's table of unchecked lifetimes). Once
        /// superseded, the entry's version is read only from its ``Pin``, if it has one.
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

    /// What an open feed reads: the changes after `since` through `snapshot`, as they stood at `snapshot`.
    struct Window {
        let id: Int
        let since: Int
        let snapshot: Int

        func covers(_ sequence: Int) -> Bool { since < sequence && sequence <= snapshot }
    }

    /// An entry superseded while an open window covered it: the windows opened before `supersededAt` still
    /// see it, and read its version from here (the log's own reference to it is unretained).
    struct Pin {
        let supersededAt: Int
        let version: CloudRecord?
    }

    /// The visible entries of one window counted when it opens.
    struct Census {
        var changed = 0
        var deleted = 0
        var lastSequence: Int?
        /// The sequence before the window's first deletion.
        var beforeFirstDeletion = Int.max
    }

    private(set) var entries: [Entry] = []
    /// Superseded entries still in `entries`, pinned ones included.
    private var supersededCount = 0
    /// Entries not superseded, saves and deletions: a window on the whole log counts no entry.
    private var liveSaves = 0
    private var liveDeletions = 0
    private var windows: [Window] = []
    private var pins: [Int: Pin] = [:]
    private var lastWindowID = 0

    /// `record` was saved; `sequence` is higher than every sequence appended before.
    mutating func append(_ sequence: Int, saved record: StoredRecord) {
        entries.append(Entry(sequence: sequence, recordID: record.recordID, stored: record))
        liveSaves += 1
    }

    /// `recordID` was deleted; `sequence` is higher than every sequence appended before.
    mutating func append(_ sequence: Int, deleted recordID: CloudRecordID) {
        entries.append(Entry(sequence: sequence, recordID: recordID, stored: nil))
        liveDeletions += 1
    }

    /// The change `sequence` was superseded by the change `superseding`. A saved entry's version must still be
    /// alive: an open window that covers it keeps it from here on.
    mutating func supersede(_ sequence: Int, by superseding: Int) {
        // A record saved again and again (a counter) supersedes the log's last entry: no search for it.
        let index = entries.last?.sequence == sequence ? entries.count - 1 : firstIndex(after: sequence - 1)
        guard index < entries.count, entries[index].sequence == sequence, !entries[index].superseded else { return }
        entries[index].superseded = true
        supersededCount += 1
        if entries[index].deleted { liveDeletions -= 1 } else { liveSaves -= 1 }
        if !windows.isEmpty, windows.contains(where: { $0.covers(sequence) }) {
            pins[sequence] = Pin(supersededAt: superseding, version: entries[index].current)
        }
        let removable = supersededCount - pins.count
        if removable > 1024 && removable * 2 > entries.count {
            if pins.isEmpty {
                entries.removeAll { $0.superseded }
            } else {
                entries.removeAll { $0.superseded && pins[$0.sequence] == nil }
            }
            supersededCount = pins.count
        }
    }

    /// Opens a window on the changes after `since` through the log's last sequence, `snapshot`.
    mutating func openWindow(since: Int, snapshot: Int) -> Window {
        lastWindowID += 1
        let window = Window(id: lastWindowID, since: since, snapshot: snapshot)
        windows.append(window)
        return window
    }

    /// Closes a window: the pins no other open window needs are dropped, with their versions.
    mutating func closeWindow(_ id: Int) {
        windows.removeAll { $0.id == id }
        if windows.isEmpty {
            pins.removeAll()
        } else if !pins.isEmpty {
            pins = pins.filter { sequence, pin in
                windows.contains { $0.covers(sequence) && pin.supersededAt > $0.snapshot }
            }
        }
    }

    /// Counts what a window opened now sees: every entry in it that is not superseded. `firstLiveDeletion`,
    /// the sequence of the first deletion not superseded, is asked for when the window covers the whole log.
    func census(of window: Window, firstLiveDeletion: () -> Int?) -> Census {
        if entries.isEmpty || window.since < entries[0].sequence {
            // The log's last entry supersedes and is never superseded.
            return Census(
                changed: liveSaves, deleted: liveDeletions, lastSequence: entries.last?.sequence,
                beforeFirstDeletion: liveDeletions > 0 ? (firstLiveDeletion() ?? window.since + 1) - 1 : Int.max)
        }
        var census = Census()
        var index = firstIndex(after: window.since)
        // Entries read in place: a copy of one would count its record ID's names.
        while index < entries.count, entries[index].sequence <= window.snapshot {
            defer { index += 1 }
            if entries[index].superseded { continue }
            census.lastSequence = entries[index].sequence
            if !entries[index].deleted {
                census.changed += 1
            } else {
                if census.deleted == 0 { census.beforeFirstDeletion = entries[index].sequence - 1 }
                census.deleted += 1
            }
        }
        return census
    }

    /// Appends to `records` (when given) the versions of the next `count` saves that `window` sees after
    /// `sequence`, in order; returns the sequence of the last one.
    func visibleSaves(in window: Window, after sequence: Int, count: Int, into records: inout [CloudRecord]?) -> Int {
        var index = firstIndex(after: sequence)
        var last = sequence
        var taken = 0
        while taken < count, index < entries.count, entries[index].sequence <= window.snapshot {
            defer { index += 1 }
            if entries[index].deleted { continue }
            if !entries[index].superseded {
                if records != nil, let current = entries[index].current { records?.append(current) }
            } else if let pin = pins[entries[index].sequence], pin.supersededAt > window.snapshot {
                if let version = pin.version { records?.append(version) }
            } else {
                continue
            }
            last = entries[index].sequence
            taken += 1
        }
        return last
    }

    /// Appends to `recordIDs` (when given) the next `count` deletions that `window` sees after `sequence`, in
    /// order; returns the sequence of the last one.
    func visibleDeletions(
        in window: Window, after sequence: Int, count: Int, into recordIDs: inout [CloudRecordID]?
    ) -> Int {
        var index = firstIndex(after: sequence)
        var last = sequence
        var taken = 0
        while taken < count, index < entries.count, entries[index].sequence <= window.snapshot {
            defer { index += 1 }
            guard entries[index].deleted else { continue }
            if entries[index].superseded {
                guard let pin = pins[entries[index].sequence], pin.supersededAt > window.snapshot else { continue }
            }
            recordIDs?.append(entries[index].recordID)
            last = entries[index].sequence
            taken += 1
        }
        return last
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
