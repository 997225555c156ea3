import SimulateCore
import SimulateJSON

/// The `intents` plugin: App Intents with one JSON string in and one JSON string out.
public struct IntentsPlugin: SimulationPlugin {
    public init() {}

    public var name: String { "intents" }
    public var summary: String { "App Intents with one JSON string in and one JSON string out" }
    public var actions: [EntryDoc] { [] }
    public var invariants: [EntryDoc] { [] }
    public var observables: [EntryDoc] { [] }

    public func makeRun(configuration: JSON, context: SimulationContext) -> any PluginRun {
        IntentsRun()
    }
}

final class IntentsRun: PluginRun {
    func perform(_ action: String, args: JSON, device: Device?) {}
    func observe(_ observable: String, device: Device?, args: JSON) -> JSON { .null }
    func evaluate(_ invariant: String, args: JSON) -> [Violation] { [] }
}
