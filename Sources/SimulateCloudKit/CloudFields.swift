/// A record's fields, like the key-value pairs of a `CKRecord`: each key once, kept sorted by key.
///
/// One array of key-value pairs instead of a dictionary: a record has few fields, so comparing keys
/// costs less than hashing the one looked up, and a record's fields take about half the memory of a
/// dictionary's buckets (`simulate-bench model`, docs/performance.md). Sorted, two equal field sets
/// hold their pairs in the same order, and iteration order does not depend on the process's hash seed.
public struct CloudFields: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    public typealias Element = (key: String, value: CloudFieldValue)

    private var entries: [Entry]

    /// Up to this many fields a lookup compares the keys one by one; past it, it searches the sorted keys.
    private static let linearLookupLimit = 8

    fileprivate struct Entry: Sendable, Equatable {
        var key: String
        var value: CloudFieldValue
    }

    /// No fields.
    public init() {
        entries = []
    }

    /// The fields of a dictionary.
    public init(_ dictionary: [String: CloudFieldValue]) {
        entries = dictionary.map { Entry(key: $0.key, value: $0.value) }
        entries.sort { $0.key < $1.key }
    }

    /// The fields of a literal; each key may appear once, as in a dictionary literal.
    public init(dictionaryLiteral elements: (String, CloudFieldValue)...) {
        entries = []
        entries.reserveCapacity(elements.count)
        for (key, value) in elements {
            let (index, found) = position(of: key)
            precondition(!found, "CloudFields literal with the key \(key) twice")
            entries.insert(Entry(key: key, value: value), at: index)
        }
    }

    public var count: Int { entries.count }
    public var isEmpty: Bool { entries.isEmpty }

    /// The keys, sorted.
    public var keys: [String] { entries.map(\.key) }

    /// The fields as a dictionary.
    public var dictionary: [String: CloudFieldValue] {
        Dictionary(uniqueKeysWithValues: entries.lazy.map { ($0.key, $0.value) })
    }

    /// Room for `capacity` fields without growing.
    public mutating func reserveCapacity(_ capacity: Int) {
        entries.reserveCapacity(capacity)
    }

    /// Reads or sets a field; setting `nil` removes it.
    public subscript(key: String) -> CloudFieldValue? {
        get {
            let (index, found) = position(of: key)
            return found ? entries[index].value : nil
        }
        set { update(key) { $0 = newValue } }
    }

    /// Changes one field in place with a single lookup: `nil` in or out means no field.
    mutating func update(_ key: String, _ change: (inout CloudFieldValue?) -> Void) {
        let (index, found) = position(of: key)
        var value = found ? entries[index].value : nil
        change(&value)
        switch (found, value) {
        case (true, let value?): entries[index].value = value
        case (true, nil): entries.remove(at: index)
        case (false, let value?): entries.insert(Entry(key: key, value: value), at: index)
        case (false, nil): break
        }
    }

    /// Whether a field has this key.
    public func contains(_ key: String) -> Bool { position(of: key).found }

    public func makeIterator() -> Iterator {
        Iterator(base: entries.makeIterator())
    }

    /// The pairs in key order.
    public struct Iterator: IteratorProtocol {
        fileprivate var base: IndexingIterator<[Entry]>

        public mutating func next() -> Element? {
            base.next().map { ($0.key, $0.value) }
        }
    }

    /// Where `key` is, or where it would go to keep the keys sorted.
    private func position(of key: String) -> (index: Int, found: Bool) {
        let count = entries.count
        if count <= Self.linearLookupLimit {
            // Equality first: a lookup usually finds its key, and `==` is cheaper than ordering.
            var index = 0
            while index < count {
                if entries[index].key == key { return (index, true) }
                index += 1
            }
            index = 0
            while index < count && entries[index].key < key { index += 1 }
            return (index, false)
        }
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            let candidate = entries[middle].key
            if candidate == key { return (middle, true) }
            if candidate < key { low = middle + 1 } else { high = middle }
        }
        return (low, false)
    }
}
