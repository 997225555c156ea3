/// A set of change tags. Tags come from the server's counter, so most fit a bitmap indexed by tag.
struct TagSet {
    private var words: [UInt64] = []
    private var others: Set<UInt64> = []
    private static let wordLimit = 1 << 22

    mutating func insert(_ tag: UInt64) {
        let word = tag >> 6
        guard word < Self.wordLimit else {
            others.insert(tag)
            return
        }
        let index = Int(word)
        if index >= words.count { words += repeatElement(0, count: max(index + 1, words.count * 2) - words.count) }
        words[index] |= 1 << (tag & 63)
    }

    func contains(_ tag: UInt64) -> Bool {
        let word = tag >> 6
        guard word < Self.wordLimit else { return others.contains(tag) }
        let index = Int(word)
        return index < words.count && words[index] & (1 << (tag & 63)) != 0
    }
}
