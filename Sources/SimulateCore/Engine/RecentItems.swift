/// The last `capacity` items appended, in a ring: once full, each append overwrites the oldest.
package struct RecentItems<Element> {
    @usableFromInline var items: [Element] = []
    @usableFromInline var next = 0
    @usableFromInline let capacity: Int

    @inlinable
    package init(capacity: Int) {
        precondition(capacity > 0, "a ring holds at least one item")
        self.capacity = capacity
    }

    @inlinable
    package mutating func append(_ item: Element) {
        if items.count < capacity {
            items.append(item)
        } else {
            items[next] = item
            next = (next + 1) % capacity
        }
    }

    /// The items held, in no particular order (the cheap read).
    @inlinable
    package var unordered: [Element] { items }

    /// The items held, oldest first.
    package var oldestFirst: [Element] { Array(items[next...] + items[..<next]) }
}
