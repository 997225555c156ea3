import SimulateCloudKit
import SimulateCore
import SimulateJSON

/// The `model` plugin: SwiftData stores mirrored through a CloudKit private-database zone.
public struct ModelPlugin: SimulationPlugin {
    /// The plugin.
    public init() {}

    public var name: String { "model" }
    public var summary: String { "SwiftData stores mirrored through a CloudKit private-database zone" }
    /// The record server this plugin runs answers `serverError` faults naming `cloudkit`.
    public var serverErrors: [ServerErrorDoc] { CloudKitServerError.documentation }

    public func check(
        configuration: ModelConfiguration, at path: JSONPath,
        context: PluginCheckContext<ModelConfiguration>
    ) {
        let written = context.scenario.plugin(named: name)?.configuration.objectValue
        if written?["schema"] != nil && written?["sources"] != nil {
            context.error("give either \"schema\" or \"sources\", not both", at: path / "sources")
        }
        if configuration.displayID != nil && context.scenario.plugin(named: "counter") == nil {
            context.error(
                "displayId is allocated by the counter plugin: add \"counter\": {} to plugins", at: path / "displayId")
        }
    }

    /// Checks the step against the schema and types its `values` by it.
    public func prepare(
        action: ModelAction, device: DeviceSpec?, at path: JSONPath,
        context: PluginCheckContext<ModelConfiguration>
    ) -> ModelAction {
        ScenarioArgumentCheck(context).prepare(action, at: path / "args")
    }

    public func check(
        invariant: ModelInvariant, at path: JSONPath, context: PluginCheckContext<ModelConfiguration>
    ) {
        ScenarioArgumentCheck(context).check(invariant, at: path / "args")
    }

    public func check(
        observable: ModelObservable, device: DeviceSpec?, at path: JSONPath,
        context: PluginCheckContext<ModelConfiguration>
    ) {
        ScenarioArgumentCheck(context).check(observable, at: path / "args")
    }

    /// Swift `sources` hash as the schema they hold, written inline where `sources` stood: a scenario
    /// naming sources runs with the trace hash of the same schema inline.
    public func hashedConfiguration(_ configuration: ModelConfiguration, written: JSON) -> JSON {
        guard let sources = configuration.sources, let object = written.objectValue else { return written }
        return .object(
            JSONObject(
                object.members.map { key, value in
                    key == "sources" ? ("schema", SchemaJSON.json(sources.schema)) : (key, value)
                }))
    }

    public func makeRun(configuration: ModelConfiguration, context: SimulationContext) -> ModelRun {
        ModelRun(configuration: configuration, context: context)
    }
}
