import SimulateJSON

/// Checks of `steps`: times, devices, enabled plugins and their actions; each step's arguments decoded
/// once by the action's preparer.
extension ScenarioValidator {
    /// Each step's decoded arguments (nil where a step has errors). Steps of one plugin usually follow
    /// each other: the last one's lookups are kept, and each action's preparer is made once.
    func prepareSteps(
        _ scenario: Scenario, enabled: Set<String>, reported: ReportedNames, prepared: [String: PreparedPlugin],
        decodedArguments: DecodedStepArguments?, _ diagnostics: Diagnostics
    ) -> [(any Sendable)?] {
        var decodedActions: [(any Sendable)?] = []
        decodedActions.reserveCapacity(scenario.steps.count)
        var last: (name: String, plugin: any SimulationPlugin, actions: [String])?
        var preparers: [CodeUnitKey: ActionPreparer] = [:]
        var lastPreparer: (plugin: String, action: String, preparer: ActionPreparer)?
        for (position, step) in scenario.steps.enumerated() {
            decodedActions.append(nil)
            checkTime(step.at, scenario, at: step.path / "at", diagnostics)
            checkDevice(step.device, scenario, at: step.path / "device", diagnostics)
            if let lastPreparer, lastPreparer.action.hasSameCodeUnits(as: step.action),
                lastPreparer.plugin.hasSameCodeUnits(as: step.plugin)
            {
                decodedActions[decodedActions.count - 1] = lastPreparer.preparer.prepare(
                    step, decoded: decodedArguments?.take(at: position))
                continue
            }
            if last?.name != step.plugin {
                guard
                    let plugin = enabledPlugin(step.plugin, enabled, reported, at: step.path / "do", diagnostics)
                else {
                    last = nil
                    continue
                }
                last = (step.plugin, plugin, plugin.actions.map(\.name))
            }
            guard let (_, plugin, actions) = last else { continue }
            guard actions.contains(step.action) else {
                diagnostics.error(
                    "unknown action \(BoundedQuote.quote(step.qualifiedName)) (\(NameSuggestion.hint(step.action, in: actions, prefix: plugin.name + "."))"
                        + "\(plugin.name) offers: \(actions.joined(separator: ", ")))",
                    at: step.path / "do")
                continue
            }
            let key = CodeUnitKey(step.qualifiedName)
            guard
                let preparer = preparers[key]
                    ?? plugin.actionPreparer(
                        named: step.action, prepared[step.plugin], in: scenario, diagnostics: diagnostics)
            else { continue }
            preparers[key] = preparer
            lastPreparer = (step.plugin, step.action, preparer)
            decodedActions[decodedActions.count - 1] = preparer.prepare(
                step, decoded: decodedArguments?.take(at: position))
        }
        return decodedActions
    }
}
