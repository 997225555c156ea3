import SimulateCloudKit
import SimulateCore
import SimulateJSON

/// The `counter` plugin: CloudKit-style displayId counter record with optimistic locking.
public struct CounterPlugin: SimulationPlugin {
    /// App allocators a scenario may select with `"allocator": "<name>"`, by name.
    public var appAllocators: [String: AppComponentFactory<any DisplayIDAllocatorComponent>]

    /// The plugin, with the app's own allocators by the names scenarios select them with (`"allocator": "<name>"`).
    public init(appAllocators: [String: AppComponentFactory<any DisplayIDAllocatorComponent>] = [:]) {
        self.appAllocators = appAllocators
    }

    public var name: String { "counter" }
    public var summary: String { "CloudKit-style displayId counter record with optimistic locking" }
    /// The record server this plugin runs answers `serverError` faults naming `cloudkit`.
    public var serverErrors: [ServerErrorDoc] { CloudKitServerError.documentation }

    /// The allocator a scenario names must be built in or registered here.
    public func check(
        configuration: CounterConfiguration, at path: JSONPath, context: PluginCheckContext<CounterConfiguration>
    ) {
        ComponentChoice.check(
            configuration.allocatorName, key: "allocator",
            builtIn: CounterConfiguration.Allocator.allCases.map(\.rawValue),
            registered: appAllocators.keys.sorted(), at: path, diagnostics: context.diagnostics)
        for limit in CounterWorkLimits.all {
            limit.check(context.scenario, plugin: name, diagnostics: context.diagnostics)
        }
    }

    public func makeRun(configuration: CounterConfiguration, context: SimulationContext) -> CounterRun {
        CounterRun(
            configuration: configuration, context: context,
            appAllocator: configuration.appAllocator.flatMap { appAllocators[$0] })
    }
}
