import SimulateJSON

/// A plugin configuration as the loader decoded it, with where it stands in the scenario.
struct DecodedConfiguration: Sendable {
    let value: any Sendable
    let path: JSONPath
}

extension PluginCheckContext {
    /// The configuration the loader decoded for `plugin`, one of this plugin's
    /// ``SimulationPlugin/dependencies`` (the one place a plugin states what it needs of another), and
    /// its JSON path for reporting; nil when that plugin is not enabled, its configuration has errors
    /// (reported already), or it is not a declared dependency.
    public func configuration<Dependency: SimulationPlugin>(of plugin: Dependency)
        -> (configuration: Dependency.Configuration, path: JSONPath)?
    {
        guard let decoded = dependencies[plugin.name], let configuration = decoded.value as? Dependency.Configuration
        else { return nil }
        return (configuration, decoded.path)
    }
}
