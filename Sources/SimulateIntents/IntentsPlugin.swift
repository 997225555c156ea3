import SimulateCore
import SimulateJSON
import SimulateModel

/// The `intents` plugin: App Intents with one JSON string in and one JSON string out.
public struct IntentsPlugin: SimulationPlugin {
    /// The app's own intents a scenario may select with `"handler": "<name>"`, by name.
    public var appIntents: [String: AppComponentFactory<any AppIntentsComponent>]

    /// The plugin, with the app's own intents by the names scenarios select them with (`"handler": "<name>"`).
    public init(appIntents: [String: AppComponentFactory<any AppIntentsComponent>] = [:]) {
        self.appIntents = appIntents
    }

    public var name: String { "intents" }
    public var summary: String { "App Intents with one JSON string in and one JSON string out" }
    public var dependencies: [any SimulationPlugin] { [ModelPlugin()] }
    /// The counter, reached through `DisplayIDAllocating` (PluginServices.swift), not by its module.
    public var serviceDependencies: [String] { ["counter"] }

    public func check(
        configuration: IntentsConfiguration, at path: JSONPath,
        context: PluginCheckContext<IntentsConfiguration>
    ) {
        // Fuzz inputs are made and answered within one event each step: bounded over the run instead.
        StepWorkLimit(action: "fuzz", argument: "count", defaultAmount: 100, limit: 1_000_000, what: "fuzz inputs")
            .check(context.scenario, plugin: name, diagnostics: context.diagnostics)
        ComponentChoice.check(
            configuration.handlerName, key: "handler", builtIn: [IntentsConfiguration.referenceHandler],
            registered: appIntents.keys.sorted(), at: path, diagnostics: context.diagnostics)
        if configuration.appHandler == nil, let model = context.configuration(of: ModelPlugin()) {
            ModelCompatibility.check(model.configuration, at: model.path, diagnostics: context.diagnostics)
        }
    }

    public func makeRun(configuration: IntentsConfiguration, context: SimulationContext) -> IntentsRun {
        IntentsRun(
            configuration: configuration, context: context,
            appIntents: configuration.appHandler.flatMap { appIntents[$0] })
    }
}
