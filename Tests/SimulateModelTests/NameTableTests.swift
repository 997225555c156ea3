import SimulateCore
import Testing

@testable import SimulateModel

@Suite struct NameTableTests {
    @Test func numbersEachNameOnceInTheOrderFirstSeen() {
        let table = NameTable()
        #expect(table.slot("Task-phone-1") == nil)
        let names = (0..<5_000).map { "Task-d\($0 % 7)-\($0)" }
        for (number, name) in names.enumerated() { #expect(table.intern(name) == number) }
        for (number, name) in names.enumerated().reversed() {
            #expect(table.intern(name) == number)
            #expect(table.slot(name) == number)
        }
        #expect(table.count == names.count)
        #expect(table.names == names)
        #expect(table.slot("Task-d0-5000") == nil)
        #expect(table.slot("") == nil)
    }

    @Test func aRegisteredPrefixNumbersItsNamesAsTheIndexWould() {
        let table = NameTable()
        let task = table.registerPrefix("Task-phone-")
        let tag = table.registerPrefix("Tag-phone-")
        #expect(task != nil && tag != nil && task != tag)
        #expect(table.registerPrefix("Task-phone-") == task)
        #expect(table.registerPrefix("Task-phone") == nil, "a prefix ends in a dash")
        let first = table.intern("Task-phone-2", serial: 2, prefix: task!)
        #expect(table.intern("Task-phone-2") == first)
        #expect(table.slot("Task-phone-2") == first)
        #expect(table.intern("Task-phone-1") == first + 1)
        #expect(table.intern("Task-phone-1", serial: 1, prefix: task!) == first + 1)
        #expect(table.registerPrefix("Item-phone-") == nil, "no prefix registers once a name has a number")
        #expect(table.registerPrefix("Tag-phone-") == tag)
        for other in [
            "Task-phone-02", "Task-phone-", "Task-phone-1x", "Tag-phone-2", "Item-phone-2", "Task-phone-12345678",
        ] {
            #expect(table.slot(other) == nil, "\(other)")
            let number = table.intern(other)
            #expect(table.slot(other) == number && table.names[number] == other, "\(other)")
        }
        let beyond = "Task-phone-\(1 << 20)"
        let number = table.intern(beyond, serial: 1 << 20, prefix: task!)
        #expect(table.slot(beyond) == number && table.intern(beyond) == number)
    }

    @Test(arguments: 0..<4) func namesWithAndWithoutPrefixesNumberedInFirstSeenOrder(seed: Int) {
        var random = SeededRandom(seed: UInt64(seed))
        let table = NameTable()
        let prefixes = ["Task-phone-", "Task-tablet-", "Tag-phone-"]
        let keys = prefixes.map { table.registerPrefix($0)! }
        var expected: [String: Int] = [:]
        for _ in 0..<20_000 {
            let serial = Int.random(in: 0..<3_000, using: &random)
            let prefix = Int.random(in: 0...prefixes.count, using: &random)
            let name: String
            switch Int.random(in: 0..<10, using: &random) {
            case 0: name = "Other-\(serial)"
            case 1: name = (prefixes.randomElement(using: &random) ?? "") + "0\(serial)"
            default: name = prefix < prefixes.count ? prefixes[prefix] + String(serial) : "Note-\(serial)"
            }
            switch Int.random(in: 0..<3, using: &random) {
            case 0:
                #expect(table.slot(name) == expected[name], "\(name)")
            case 1 where prefix < prefixes.count && name == prefixes[prefix] + String(serial):
                let number = table.intern(name, serial: serial, prefix: keys[prefix])
                #expect(number == expected[name, default: expected.count], "\(name)")
                expected[name] = number
            default:
                let number = table.intern(name)
                #expect(number == expected[name, default: expected.count], "\(name)")
                expected[name] = number
            }
        }
        #expect(table.count == expected.count)
        for (name, number) in expected { #expect(table.slot(name) == number && table.names[number] == name) }
    }
}
