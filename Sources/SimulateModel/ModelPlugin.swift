import SimulateCore
import SimulateJSON

/// The `model` plugin: SwiftData stores mirrored through a CloudKit private-database zone.
public struct ModelPlugin: SimulationPlugin {
    public init() {}

    public var name: String { "model" }
    public var summary: String { "SwiftData stores mirrored through a CloudKit private-database zone" }
    public var actions: [EntryDoc] { [] }
    public var invariants: [EntryDoc] { [] }
    public var observables: [EntryDoc] { [] }

    public func makeRun(configuration: JSON, context: SimulationContext) -> any PluginRun {
        ModelRun()
    }
}

final class ModelRun: PluginRun {
    func perform(_ action: String, args: JSON, device: Device?) {}
    func observe(_ observable: String, device: Device?, args: JSON) -> JSON { .null }
    func evaluate(_ invariant: String, args: JSON) -> [Violation] { [] }
}
