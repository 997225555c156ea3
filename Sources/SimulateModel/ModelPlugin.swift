import SimulateCloudKit
import SimulateCore
import SimulateJSON

/// The `model` plugin: SwiftData stores mirrored through a CloudKit private-database zone.
public struct ModelPlugin: SimulationPlugin {
    public init() {}

    public var name: String { "model" }
    public var summary: String { "SwiftData stores mirrored through a CloudKit private-database zone" }
    public var configuration: [ParameterDoc] { ModelConfigurationDocs.parameters }
    public var actions: [EntryDoc] { ModelEntryDocs.actions }
    public var invariants: [EntryDoc] { ModelEntryDocs.invariants }
    public var observables: [EntryDoc] { ModelEntryDocs.observables }
    /// The record server this plugin runs answers `serverError` faults naming `cloudkit`.
    public var serverErrors: [ServerErrorDoc] { CloudKitServerError.documentation }

    public func validateConfiguration(
        _ configuration: JSON, at path: JSONPath, scenario: Scenario, diagnostics: Diagnostics
    ) {
        guard let parsed = ModelConfiguration.read(configuration, at: path, diagnostics: diagnostics) else { return }
        if parsed.displayID != nil && scenario.plugin(named: "counter") == nil {
            diagnostics.error(
                "displayId is allocated by the counter plugin: add \"counter\": {} to plugins", at: path / "displayId")
        }
        ScenarioArgumentCheck(layout: StoreLayout(parsed.schema.current), diagnostics: diagnostics).check(scenario)
    }

    public func validateAction(_ action: String, args: JSON, at path: JSONPath, diagnostics: Diagnostics) {
        guard let reader = ObjectReader(args, at: path, diagnostics: diagnostics) else { return }
        defer { reader.rejectUnknownKeys() }
        guard action != "sync" && action != "foreground" && action != "expireChangeTokens" else { return }
        _ = reader.id("entity", required: true)
        if action == "insert" { _ = reader.id("id") }
        if action == "deduplicate", let by = reader.value("by"),
            by.arrayValue?.isEmpty != false || by.arrayValue?.contains(where: { $0.stringValue == nil }) == true
        {
            diagnostics.error("expected a non-empty array of attribute names", at: path / "by")
        }
        if action == "insert" || action == "update" {
            if let values = reader.value("values", required: action == "update"), values.objectValue == nil {
                diagnostics.error("expected an object, found \(values.typeName)", at: path / "values")
            }
        }
        if action != "insert", let predicate = reader.value("where"),
            case .failure(let error) = ModelPredicate.parse(predicate, at: path / "where")
        {
            diagnostics.error(error.message, at: error.path)
        }
    }

    public func makeRun(configuration: JSON, context: SimulationContext) -> any PluginRun {
        ModelRun(configuration: configuration, context: context)
    }
}
