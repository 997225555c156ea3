import SimulateCore
import SimulateJSON
import SimulateModel

/// The `intents` plugin: App Intents with one JSON string in and one JSON string out.
public struct IntentsPlugin: SimulationPlugin {
    /// The plugin.
    public init() {}

    public var name: String { "intents" }
    public var summary: String { "App Intents with one JSON string in and one JSON string out" }
    public var dependencies: [any SimulationPlugin] { [ModelPlugin()] }
    /// The counter, reached through `DisplayIDAllocating` (PluginServices.swift), not by its module.
    public var serviceDependencies: [String] { ["counter"] }

    public func check(
        configuration: IntentsConfiguration, at path: JSONPath,
        context: PluginCheckContext<IntentsConfiguration>
    ) {
        if let model = context.configuration(of: ModelPlugin()) {
            ModelCompatibility.check(model.configuration, at: model.path, diagnostics: context.diagnostics)
        }
    }

    public func makeRun(configuration: IntentsConfiguration, context: SimulationContext) -> IntentsRun {
        IntentsRun(configuration: configuration, context: context)
    }
}
