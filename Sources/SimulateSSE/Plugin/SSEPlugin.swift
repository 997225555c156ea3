import SimulateCore
import SimulateJSON

/// The `sse` plugin: Punchlist SSE client and server over a simulated text/event-stream.
public struct SSEPlugin: SimulationPlugin {
    /// App clients a scenario may select with `"client": "<name>"`, by name.
    public var appClients: [String: AppComponentFactory<any PunchlistClientComponent>]

    /// The plugin, with the app's own clients by the names scenarios select them with (`"client": "<name>"`).
    public init(appClients: [String: AppComponentFactory<any PunchlistClientComponent>] = [:]) {
        self.appClients = appClients
    }

    public var name: String { "sse" }
    public var summary: String { "Punchlist SSE client and server over a simulated text/event-stream" }
    public var commands: [PluginCommand] { [SSEParseCommand.command] }
    /// The Punchlist server answers `serverError` faults naming `sse`.
    public var serverErrors: [ServerErrorDoc] { SSEServerError.documentation }

    /// The client a scenario names must be the reference one or registered here.
    public func check(
        configuration: SSEConfiguration, at path: JSONPath, context: PluginCheckContext<SSEConfiguration>
    ) {
        ComponentChoice.check(
            configuration.client, key: "client", builtIn: [SSEConfiguration.referenceClient],
            registered: appClients.keys.sorted(), at: path, diagnostics: context.diagnostics)
    }

    public func makeRun(configuration: SSEConfiguration, context: SimulationContext) -> SSERun {
        SSERun(configuration: configuration, context: context, appClient: appClients[configuration.client])
    }
}
