import SimulateCore
import SimulateJSON

/// The `sse` plugin: Punchlist SSE client and server over a simulated text/event-stream.
public struct SSEPlugin: SimulationPlugin {
    public init() {}

    public var name: String { "sse" }
    public var summary: String { "Punchlist SSE client and server over a simulated text/event-stream" }
    public var actions: [EntryDoc] { [] }
    public var invariants: [EntryDoc] { [] }
    public var observables: [EntryDoc] { [] }

    public func makeRun(configuration: JSON, context: SimulationContext) -> any PluginRun {
        SSERun()
    }
}

final class SSERun: PluginRun {
    func perform(_ action: String, args: JSON, device: Device?) {}
    func observe(_ observable: String, device: Device?, args: JSON) -> JSON { .null }
    func evaluate(_ invariant: String, args: JSON) -> [Violation] { [] }
}
