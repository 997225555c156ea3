/// A value the workload's tasks share on the simulation's thread.
final class Box<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}
