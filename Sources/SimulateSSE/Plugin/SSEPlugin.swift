import SimulateCore
import SimulateJSON

/// The `sse` plugin: Punchlist SSE client and server over a simulated text/event-stream.
public struct SSEPlugin: SimulationPlugin {
    /// App clients a scenario may select with `"client": "<name>"`, by name.
    public var appClients: [String: AppComponentFactory<any PunchlistClientComponent>]

    public init(appClients: [String: AppComponentFactory<any PunchlistClientComponent>] = [:]) {
        self.appClients = appClients
    }

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
        _ = SSEConfiguration.read(
            configuration, at: path, diagnostics: diagnostics, registeredClients: appClients.keys.sorted())
        for step in scenario.steps where step.plugin == name {
            if step.action == "serverMode", step.device != nil {
                diagnostics.error("sse.serverMode acts on the server: remove \"device\"", at: step.path / "device")
            } else if ClientAction.names.contains(step.action) || step.action == "relaunch", step.device == nil {
                diagnostics.error("sse.\(step.action) is a user action on a device: add \"device\"", at: step.path)
            }
        }
    }

    public func validateAction(_ action: String, args: JSON, at path: JSONPath, diagnostics: Diagnostics) {
        if action == "serverMode" {
            _ = Self.serverMode(args, at: path, diagnostics: diagnostics)
        } else if action == "relaunch" {
            ObjectReader(args, at: path, diagnostics: diagnostics)?.rejectUnknownKeys()
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
        let settings = SSEConfiguration.read(
            configuration, at: .root, diagnostics: Diagnostics(), registeredClients: appClients.keys.sorted())
        return SSERun(configuration: settings, context: context, appClient: appClients[settings.client])
    }

    static func serverMode(_ args: JSON, at path: JSONPath, diagnostics: Diagnostics) -> SSEServer.Mode? {
        guard let reader = ObjectReader(args, at: path, diagnostics: diagnostics) else { return nil }
        let mode = reader.choice("mode", SSEServer.Mode.allCases.map(\.rawValue), required: true)
        reader.rejectUnknownKeys()
        return mode.flatMap(SSEServer.Mode.init)
    }
}
