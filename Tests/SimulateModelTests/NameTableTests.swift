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
}
