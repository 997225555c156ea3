import SimulateCore
import SimulateJSON

/// The `sse` plugin: Punchlist SSE client and server over a simulated text/event-stream.
public struct SSEPlugin: SimulationPlugin {
    public init() {}

    public var name: String { "sse" }
    public var summary: String { "Punchlist SSE client and server over a simulated text/event-stream" }
    public var configuration: [ParameterDoc] { SSEDocs.configuration }
    public var actions: [EntryDoc] { SSEDocs.actions }
    public var invariants: [EntryDoc] { SSEDocs.invariants }
    public var observables: [EntryDoc] { SSEDocs.observables }
    public var commands: [PluginCommand] { [SSEParseCommand.command] }

    public func validateConfiguration(
        _ configuration: JSON, at path: JSONPath, scenario: Scenario, diagnostics: Diagnostics
    ) {
        _ = SSEConfiguration.read(configuration, at: path, diagnostics: diagnostics)
        for step in scenario.steps where step.plugin == name {
            if step.action == "serverMode", step.device != nil {
                diagnostics.error("sse.serverMode acts on the server: remove \"device\"", at: step.path / "device")
            } else if step.action != "serverMode", ClientAction.names.contains(step.action), step.device == nil {
                diagnostics.error("sse.\(step.action) is a user action on a device: add \"device\"", at: step.path)
            }
        }
    }

    public func validateAction(_ action: String, args: JSON, at path: JSONPath, diagnostics: Diagnostics) {
        if action == "serverMode" {
            _ = Self.serverMode(args, at: path, diagnostics: diagnostics)
        } else if ClientAction.names.contains(action) {
            _ = ClientAction.read(action, args: args, at: path, diagnostics: diagnostics)
        }
    }

    public func validateInvariant(_ invariant: String, args: JSON, at path: JSONPath, diagnostics: Diagnostics) {
        _ = InvariantArguments.read(invariant, args, at: path, diagnostics: diagnostics)
    }

    public func validateObservable(_ observable: String, args: JSON, at path: JSONPath, diagnostics: Diagnostics) {
        _ = InvariantArguments.read(observable, args, at: path, diagnostics: diagnostics)
    }

    public func makeRun(configuration: JSON, context: SimulationContext) -> any PluginRun {
        SSERun(
            configuration: SSEConfiguration.read(configuration, at: .root, diagnostics: Diagnostics()), context: context
        )
    }

    static func serverMode(_ args: JSON, at path: JSONPath, diagnostics: Diagnostics) -> SSEServer.Mode? {
        guard let reader = ObjectReader(args, at: path, diagnostics: diagnostics) else { return nil }
        let mode = reader.choice("mode", SSEServer.Mode.allCases.map(\.rawValue), required: true)
        reader.rejectUnknownKeys()
        return mode.flatMap(SSEServer.Mode.init)
    }
}

/// The parameters of invariants and observables, with their defaults.
struct InvariantArguments {
    var resetOn = BackoffReset.firstEvent
    var withinNanoseconds: Int64 = 5_000_000_000
    var max = 10
    var windowNanoseconds: Int64 = 1_000_000_000

    static func read(_ name: String, _ args: JSON, at path: JSONPath, diagnostics: Diagnostics) -> InvariantArguments {
        var arguments = InvariantArguments()
        guard let reader = ObjectReader(args, at: path, diagnostics: diagnostics) else { return arguments }
        switch name {
        case "backoff":
            if let reset = reader.choice("resetOn", BackoffReset.allCases.map(\.rawValue)) {
                arguments.resetOn = BackoffReset(rawValue: reset) ?? .firstEvent
            }
        case "freshness":
            if let within = SSEConfiguration.positiveDuration(reader, "within", allowZero: true) {
                arguments.withinNanoseconds = within
            }
        case "reconnectRate", "peakReconnectRate":
            if name == "reconnectRate", let max = reader.int("max", range: 1...Int.max) { arguments.max = max }
            if let window = SSEConfiguration.positiveDuration(reader, "window") { arguments.windowNanoseconds = window }
        default:
            break
        }
        reader.rejectUnknownKeys()
        return arguments
    }
}
