/// A record's fields, like the key-value pairs of a `CKRecord`: each key once, kept sorted by key.
///
/// Two arrays instead of a dictionary: the keys, sorted, and the values in the same order. A record has
/// few fields, so comparing keys costs less than hashing the one looked up; records of one kind have the
/// same keys, and records made from one another share their key array (copy on write), and a writer
/// makes new records share theirs with ``shareKeys(with:)``. At a million records of four fields that
/// is 144 bytes of heap a record instead of a dictionary's 400 or one array of pairs' 208
/// (`simulate-bench model`, docs/performance.md). Sorted, two equal field sets list their keys in the
/// same order, and iteration order does not depend on the process's hash seed.
public struct CloudFields: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    public typealias Element = (key: String, value: CloudFieldValue)

    /// The keys, sorted.
    public private(set) var keys: [String]
    private var values: [CloudFieldValue]

    /// Up to this many fields a lookup compares the keys one by one; past it, it searches the sorted keys.
    private static let linearLookupLimit = 8

    /// No fields.
    public init() {
        keys = []
        values = []
    }

    /// The fields of a dictionary.
    public init(_ dictionary: [String: CloudFieldValue]) {
        let sorted = dictionary.sorted { $0.key < $1.key }
        keys = sorted.map(\.key)
        values = sorted.map(\.value)
    }

    /// The fields of a literal; each key may appear once, as in a dictionary literal.
    public init(dictionaryLiteral elements: (String, CloudFieldValue)...) {
        self.init()
        reserveCapacity(elements.count)
        for (key, value) in elements {
            let (index, found) = position(of: key)
            precondition(!found, "CloudFields literal with the key \(key) twice")
            keys.insert(key, at: index)
            values.insert(value, at: index)
        }
    }

    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }

    /// The fields as a dictionary.
    public var dictionary: [String: CloudFieldValue] {
        Dictionary(uniqueKeysWithValues: zip(keys, values))
    }

    /// Room for `capacity` fields without growing.
    public mutating func reserveCapacity(_ capacity: Int) {
        keys.reserveCapacity(capacity)
        values.reserveCapacity(capacity)
    }

    /// Makes these fields hold the array `keys` when they have those keys, so that the keys are stored
    /// once; otherwise makes `keys` these fields' own, to share with the next fields.
    public mutating func shareKeys(with keys: inout [String]) {
        if self.keys == keys {
            self.keys = keys
        } else {
            keys = self.keys
        }
    }

    /// Reads or sets a field; setting `nil` removes it.
    public subscript(key: String) -> CloudFieldValue? {
        get {
            let (index, found) = position(of: key)
            return found ? values[index] : nil
        }
        set { update(key) { $0 = newValue } }
    }

    /// Changes one field in place with a single lookup: `nil` in or out means no field.
    mutating func update(_ key: String, _ change: (inout CloudFieldValue?) -> Void) {
        let (index, found) = position(of: key)
        var value = found ? values[index] : nil
        change(&value)
        switch (found, value) {
        case (true, let value?): values[index] = value
        case (true, nil):
            keys.remove(at: index)
            values.remove(at: index)
        case (false, let value?):
            keys.insert(key, at: index)
            values.insert(value, at: index)
        case (false, nil): break
        }
    }

    /// Whether a field has this key.
    public func contains(_ key: String) -> Bool { position(of: key).found }

    public func makeIterator() -> Iterator {
        Iterator(keys: keys.makeIterator(), values: values.makeIterator())
    }

    /// The pairs in key order.
    public struct Iterator: IteratorProtocol {
        fileprivate var keys: IndexingIterator<[String]>
        fileprivate var values: IndexingIterator<[CloudFieldValue]>

        public mutating func next() -> Element? {
            guard let key = keys.next(), let value = values.next() else { return nil }
            return (key, value)
        }
    }

    /// Where `key` is, or where it would go to keep the keys sorted.
    private func position(of key: String) -> (index: Int, found: Bool) {
        let count = keys.count
        if count <= Self.linearLookupLimit {
            // Equality first: a lookup usually finds its key, and `==` is cheaper than ordering.
            var index = 0
            while index < count {
                if keys[index] == key { return (index, true) }
                index += 1
            }
            index = 0
            while index < count && keys[index] < key { index += 1 }
            return (index, false)
        }
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            let candidate = keys[middle]
            if candidate == key { return (middle, true) }
            if candidate < key { low = middle + 1 } else { high = middle }
        }
        return (low, false)
    }
}
