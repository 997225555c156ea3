import SimulateCore
import SimulateJSON

/// The `counter` plugin: CloudKit-style displayId counter record with optimistic locking.
public struct CounterPlugin: SimulationPlugin {
    public init() {}

    public var name: String { "counter" }
    public var summary: String { "CloudKit-style displayId counter record with optimistic locking" }
    public var actions: [EntryDoc] { [] }
    public var invariants: [EntryDoc] { [] }
    public var observables: [EntryDoc] { [] }

    public func makeRun(configuration: JSON, context: SimulationContext) -> any PluginRun {
        CounterRun()
    }
}

final class CounterRun: PluginRun {
    func perform(_ action: String, args: JSON, device: Device?) {}
    func observe(_ observable: String, device: Device?, args: JSON) -> JSON { .null }
    func evaluate(_ invariant: String, args: JSON) -> [Violation] { [] }
}
