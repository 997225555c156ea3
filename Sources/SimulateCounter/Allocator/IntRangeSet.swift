/// A set of integers kept as sorted, disjoint, non-adjacent closed ranges: 16 bytes per run of
/// consecutive members, so the displayIds a counter hands out (consecutive but for lost ones) cost a
/// few ranges however many there are.
struct IntRangeSet {
    private(set) var ranges: [ClosedRange<Int>] = []

    /// Adds `value`; false when it was already a member.
    mutating func insert(_ value: Int) -> Bool {
        guard let last = ranges.last else {
            ranges.append(value...value)
            return true
        }
        if value > last.upperBound {
            if value == last.upperBound &+ 1 {
                ranges[ranges.count - 1] = last.lowerBound...value
            } else {
                ranges.append(value...value)
            }
            return true
        }
        // The first range starting above `value`.
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].lowerBound > value { high = middle } else { low = middle + 1 }
        }
        if low > 0, ranges[low - 1].contains(value) { return false }
        let joinsBelow = low > 0 && ranges[low - 1].upperBound == value &- 1
        let joinsAbove = low < ranges.count && ranges[low].lowerBound == value &+ 1
        switch (joinsBelow, joinsAbove) {
        case (true, true):
            ranges[low - 1] = ranges[low - 1].lowerBound...ranges[low].upperBound
            ranges.remove(at: low)
        case (true, false): ranges[low - 1] = ranges[low - 1].lowerBound...value
        case (false, true): ranges[low] = value...ranges[low].upperBound
        case (false, false): ranges.insert(value...value, at: low)
        }
        return true
    }

    var isEmpty: Bool { ranges.isEmpty }
    var max: Int? { ranges.last?.upperBound }

    /// The members below `first` or above `last`: how many and the largest.
    func outside(first: Int, last: Int) -> (count: Int, highest: Int?) {
        guard first <= last else {
            return (ranges.reduce(0) { $0 + $1.count }, max)
        }
        var count = 0
        var highest: Int?
        for range in ranges {
            if range.lowerBound < first {
                let top = Swift.min(range.upperBound, first - 1)
                count += top - range.lowerBound + 1
                highest = top
            }
            if range.upperBound > last {
                let bottom = Swift.max(range.lowerBound, last + 1)
                count += range.upperBound - bottom + 1
                highest = range.upperBound
            }
        }
        return (count, highest)
    }
}
