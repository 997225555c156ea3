/// The plugins a `simulate` build knows, by name.
public struct PluginRegistry: Sendable {
    public private(set) var plugins: [any SimulationPlugin]

    public init(_ plugins: [any SimulationPlugin] = []) {
        self.plugins = []
        for plugin in plugins { register(plugin) }
    }

    /// Adds a plugin; one with the same name replaces the earlier one.
    public mutating func register(_ plugin: any SimulationPlugin) {
        plugins.removeAll { $0.name == plugin.name }
        plugins.append(plugin)
    }

    public func plugin(named name: String) -> (any SimulationPlugin)? {
        plugins.first { $0.name == name }
    }

    public var names: [String] { plugins.map(\.name) }

    /// Every command the plugins add to the command line, in plugin order.
    public var commands: [PluginCommand] { plugins.flatMap(\.commands) }
}
