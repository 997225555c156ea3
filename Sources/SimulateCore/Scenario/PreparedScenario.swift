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
