/// Values keyed by consecutive indices handed out by ``append(_:)``, most of which are removed soon
/// after they are added: a run's pending requests. Finding one is an array index, not a hash.
///
/// The recent keys live in a ring; a key that stays while many newer ones come and go moves to a
/// dictionary, so memory follows the number of values held, not the number ever added (README.md,
/// "Memory").
struct PendingTable<Value> {
    private var ring: [Value?]
    private var mask: Int
    /// Keys from `first` to `next` (excluded) are in the ring; older ones still held are in `overflow`.
    private var first = 0
    /// The key the next value gets.
    private(set) var next = 0
    private var overflow: [Int: Value] = [:]
    /// Values held.
    private(set) var count = 0

    init() {
        ring = [Value?](repeating: nil, count: 16)
        mask = 15
    }

    /// Slots in memory: the ring's and the dictionary's.
    var capacity: Int { ring.count + overflow.count }

    /// Adds a value under the next key and returns that key.
    mutating func append(_ value: Value) -> Int {
        if next - first == ring.count { makeRoom() }
        let key = next
        ring[key & mask] = value
        next += 1
        count += 1
        return key
    }

    subscript(key: Int) -> Value? {
        if key >= first {
            return key < next ? ring[key & mask] : nil
        }
        return overflow.isEmpty ? nil : overflow[key]
    }

    /// Changes the value under `key`, if one is held.
    mutating func update(_ key: Int, _ change: (inout Value) -> Void) {
        if key >= first {
            guard key < next, ring[key & mask] != nil else { return }
            change(&ring[key & mask]!)
        } else if var value = overflow.removeValue(forKey: key) {
            change(&value)
            overflow[key] = value
        }
    }

    /// Takes out the value under `key`, if one is held.
    @discardableResult
    mutating func remove(_ key: Int) -> Value? {
        let value: Value?
        if key >= first {
            guard key < next, let held = ring[key & mask] else { return nil }
            value = held
            ring[key & mask] = nil
            while first < next, ring[first & mask] == nil { first += 1 }
        } else {
            guard let held = overflow.removeValue(forKey: key) else { return nil }
            value = held
        }
        count -= 1
        return value
    }

    /// Every value held with its key, oldest key first.
    var entries: [(key: Int, value: Value)] {
        var result = overflow.map { (key: $0.key, value: $0.value) }.sorted { $0.key < $1.key }
        for key in first..<next {
            if let value = ring[key & mask] { result.append((key, value)) }
        }
        return result
    }

    /// The ring is full: when at most half of it holds values, the older half's values move to the
    /// dictionary; otherwise the ring doubles.
    private mutating func makeRoom() {
        let inRing = count - overflow.count
        if inRing * 2 <= ring.count {
            let end = first + ring.count / 2
            for key in first..<end {
                if let value = ring[key & mask] {
                    overflow[key] = value
                    ring[key & mask] = nil
                }
            }
            first = end
            while first < next, ring[first & mask] == nil { first += 1 }
            return
        }
        var grown = [Value?](repeating: nil, count: ring.count * 2)
        let grownMask = grown.count - 1
        for key in first..<next { grown[key & grownMask] = ring[key & mask] }
        ring = grown
        mask = grownMask
    }
}
