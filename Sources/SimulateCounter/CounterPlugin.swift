import SimulateCloudKit
import SimulateCore
import SimulateJSON

/// The `counter` plugin: CloudKit-style displayId counter record with optimistic locking.
public struct CounterPlugin: SimulationPlugin {
    /// App allocators a scenario may select with `"allocator": "<name>"`, by name.
    public var appAllocators: [String: AppComponentFactory<any DisplayIDAllocatorComponent>]

    public init(appAllocators: [String: AppComponentFactory<any DisplayIDAllocatorComponent>] = [:]) {
        self.appAllocators = appAllocators
    }

    public var name: String { "counter" }
    public var summary: String { "CloudKit-style displayId counter record with optimistic locking" }
    public var configuration: [ParameterDoc] { CounterConfiguration.parameters }
    public var actions: [EntryDoc] { CounterDocs.actions }
    public var invariants: [EntryDoc] { CounterDocs.invariants }
    public var observables: [EntryDoc] { CounterDocs.observables }
    /// The record server this plugin runs answers `serverError` faults naming `cloudkit`.
    public var serverErrors: [ServerErrorDoc] { CloudKitServerError.documentation }

    public func validateConfiguration(
        _ configuration: JSON, at path: JSONPath, scenario: Scenario, diagnostics: Diagnostics
    ) {
        _ = CounterConfiguration.read(
            configuration, at: path, diagnostics: diagnostics, registeredAllocators: appAllocators.keys.sorted())
        for step in scenario.steps where step.plugin == name && step.device == nil {
            diagnostics.error("counter.\(step.action) runs on a device: add \"device\"", at: step.path)
        }
    }

    public func validateAction(_ action: String, args: JSON, at path: JSONPath, diagnostics: Diagnostics) {
        guard let reader = ObjectReader(args, at: path, diagnostics: diagnostics) else { return }
        switch action {
        case "next":
            _ = reader.int("count", range: 1...10_000)
        case "saveBatch":
            _ = reader.int("records", required: true, range: 1...100_000)
            _ = reader.bool("split")
        default:
            break
        }
        reader.rejectUnknownKeys()
    }

    public func validateInvariant(_ invariant: String, args: JSON, at path: JSONPath, diagnostics: Diagnostics) {
        guard let reader = ObjectReader(args, at: path, diagnostics: diagnostics) else { return }
        switch invariant {
        case "contiguous":
            _ = reader.choice("upTo", ["value", "allocated"])
        case "retryBound":
            _ = reader.int("maxAttempts", range: 1...1000)
            _ = reader.bool("allowPending")
        default:
            break
        }
        reader.rejectUnknownKeys()
    }

    public func makeRun(configuration: JSON, context: SimulationContext) -> any PluginRun {
        let settings =
            CounterConfiguration.read(
                configuration, at: .root, diagnostics: Diagnostics(), registeredAllocators: appAllocators.keys.sorted())
            ?? CounterConfiguration()
        return CounterRun(
            configuration: settings, context: context, appAllocator: settings.appAllocator.flatMap { appAllocators[$0] }
        )
    }
}
