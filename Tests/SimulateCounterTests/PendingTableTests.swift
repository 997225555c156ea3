import Testing

@testable import SimulateCounter

@Suite struct PendingTableTests {
    @Test func keysAreConsecutiveAndValuesAreFoundUntilRemoved() {
        var table = PendingTable<String>()
        #expect(table.append("a") == 0)
        #expect(table.append("b") == 1)
        #expect(table.append("c") == 2)
        #expect(table[1] == "b")
        #expect(table.remove(1) == "b")
        #expect(table[1] == nil)
        #expect(table.remove(1) == nil)
        table.update(2) { $0 += "!" }
        table.update(1) { $0 += "?" }
        #expect(table[2] == "c!")
        #expect(table[1] == nil)
        #expect(table[3] == nil)
        #expect(table[-1] == nil)
        #expect(table.count == 2)
        #expect(table.entries.map(\.key) == [0, 2])
    }

    /// One value that stays while a million come and go: the table keeps two values, not a million slots,
    /// and the old one is still found, changed and removed.
    @Test func aValueThatStaysWhileManyComeAndGoIsKeptApart() {
        var table = PendingTable<Int>()
        let stuck = table.append(-1)
        for value in 0..<1_000_000 {
            let key = table.append(value)
            #expect(table[key] == value)
            table.remove(key)
        }
        let late = table.append(7)
        #expect(table.count == 2)
        #expect(table[stuck] == -1)
        table.update(stuck) { $0 = -2 }
        #expect(table.entries.map(\.value) == [-2, 7])
        #expect(table.remove(stuck) == -2)
        #expect(table.entries.map(\.key) == [late])
        #expect(table.capacity <= 32)
    }

    /// Many values held at once grow the ring; removing them out of order leaves the rest found.
    @Test(arguments: [1, 15, 16, 17, 1_000])
    func manyHeldValuesAreAllFound(held: Int) {
        var table = PendingTable<Int>()
        let keys = (0..<held).map { table.append($0 * 10) }
        for key in keys where key % 3 == 1 { table.remove(key) }
        for key in keys {
            #expect(table[key] == (key % 3 == 1 ? nil : key * 10))
        }
        #expect(table.count == keys.filter { $0 % 3 != 1 }.count)
        #expect(table.entries.map(\.key) == keys.filter { $0 % 3 != 1 })
    }
}
