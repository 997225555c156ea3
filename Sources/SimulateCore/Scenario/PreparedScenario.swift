import SimulateJSON

/// What the loader decoded of a scenario's plugin values, once: each enabled plugin's configuration,
/// each step's action and each expectation's invariant or observable, as the plugin's own types.
/// The runner uses it as it is; it is made again only when the scenario changed since.
public struct PreparedValues: Sendable {
    let plugins: [String: PreparedPlugin]
    /// By step index.
    let actions: [(any Sendable)?]
    /// The expectations the run checks (the scenario's, or every invariant of every enabled plugin).
    let expectations: [ExpectationSpec]
    /// By index in `expectations`.
    let values: [(any Sendable)?]
    /// What this was decoded from.
    let source: Source

    struct Source: Equatable, Sendable {
        var plugins: [PluginSpec]
        var steps: StepList
        var expectations: [ExpectationSpec]?
    }

    func matches(_ scenario: Scenario) -> Bool {
        source == Source(plugins: scenario.plugins, steps: scenario.steps, expectations: scenario.expectations)
    }
}

extension Scenario {
    /// The typed action of the step at `index` as its plugin declared it: the one the loader
    /// decoded, or, for a scenario built or changed in code, the step's arguments decoded now by the
    /// declaration `Action` (nil when the step is not one of its actions or its arguments are wrong).
    /// For tools that replay a scenario's steps without running its plugins (`simulate serve`).
    public func action<Action: PluginEntries>(ofStep index: Int, as type: Action.Type) -> Action? {
        if let prepared, prepared.matches(self), index < prepared.actions.count {
            return prepared.actions[index] as? Action
        }
        let step = steps[index]
        return Action.entry(named: step.action)?.decode(step.args, at: step.path / "args", diagnostics: Diagnostics())
    }
}

extension Scenario {
    /// The typed invariant (`Entries` a plugin's `Invariant`) or observable (its `Observable`) of
    /// `expectation`, the one at `index` of the expectations the run checks (the scenario's, or every
    /// invariant of every enabled plugin): the value the loader decoded, or, for an expectation built
    /// or changed in code, its arguments decoded now (nil when it is not one of `Entries` or its
    /// arguments are wrong). For tools that judge expectations without running the plugins
    /// (`simulate serve`, `simulate probe`).
    public func value<Entries: PluginEntries>(
        ofExpectation expectation: ExpectationSpec, at index: Int, as type: Entries.Type
    ) -> Entries? {
        if let prepared, prepared.matches(self), index < prepared.expectations.count,
            prepared.expectations[index] == expectation
        {
            return prepared.values[index] as? Entries
        }
        return Entries.entry(named: expectation.name)?.decode(
            expectation.args, at: expectation.path / "args", diagnostics: Diagnostics())
    }
}

extension Scenario {
    /// The configuration of the enabled plugin `name` as its declaration `Configuration` decodes it:
    /// the one the loader decoded, or decoded now for a scenario built or changed in code (nil when
    /// the plugin is not enabled or its configuration is wrong). For tools that use a plugin's
    /// settings without running it (`simulate serve`, `simulate probe`).
    public func configuration<Configuration: PluginValue>(ofPlugin name: String, as type: Configuration.Type)
        -> Configuration?
    {
        if let prepared, prepared.matches(self), let plugin = prepared.plugins[name] {
            return plugin.configuration as? Configuration
        }
        guard let spec = plugin(named: name) else { return nil }
        return Configuration.decode(spec.configuration, at: spec.path, diagnostics: Diagnostics())
    }
}
