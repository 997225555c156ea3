/// The shared record boxes by change tag, so that finding the box of a version hashes no record name: a
/// ring indexed by the tag's low bits, at least twice as large as the number of record names. It is a
/// cache: a box pushed out by a newer tag in its place, or never put in, is found by its name instead,
/// and that finds the same box (``MirrorShared`` keeps one box per record name). Its size follows the
/// number of records, not the number of saves: change tags come from a server-wide counter.
struct RecordBoxesByTag {
    private var ring = [RecordBox?](repeating: nil, count: 1_024)
    private var mask = 1_023

    /// The box of this version, if the ring still holds it.
    func box(tag: Int) -> RecordBox? {
        guard tag > 0, let box = ring[tag & mask], box.tag == UInt64(tag) else { return nil }
        return box
    }

    /// Puts the box of a version in; `records` is the number of record names so far.
    mutating func insert(_ box: RecordBox, records: Int) {
        guard box.tag > 0 else { return }
        if records * 2 > ring.count { grow(to: records * 2) }
        ring[Int(truncatingIfNeeded: box.tag) & mask] = box
    }

    /// Takes out a box that is no longer its record's latest.
    mutating func remove(_ box: RecordBox) {
        let index = Int(truncatingIfNeeded: box.tag) & mask
        if ring[index] === box { ring[index] = nil }
    }

    /// Moves each box to its new place (`take()`), as ``StoredRecordTable`` does: no count up and down.
    private mutating func grow(to minimum: Int) {
        var count = ring.count
        while count < minimum { count *= 2 }
        var old = [RecordBox?](repeating: nil, count: count)
        swap(&old, &ring)
        mask = count - 1
        for index in old.indices {
            guard let box = old[index].take() else { continue }
            ring[Int(truncatingIfNeeded: box.tag) & mask] = box
        }
    }
}
