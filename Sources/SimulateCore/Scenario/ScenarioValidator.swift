import SimulateJSON

/// Checks what the decoder cannot: that plugins, actions, invariants, observables and device ids
/// exist, that times fall inside the run; and decodes every plugin value with the plugin's own
/// declarations, once, into ``PreparedValues``.
struct ScenarioValidator {
    /// Names already reported as unknown, so a plugin missing from the registry is reported once.
    final class ReportedNames {
        var names: Set<String> = []
    }

    let registry: PluginRegistry

    func validate(_ scenario: Scenario, into diagnostics: Diagnostics = Diagnostics()) -> Diagnostics {
        _ = prepare(scenario, into: diagnostics)
        return diagnostics
    }

    /// The decoded values; nil when `diagnostics` holds any problem. `decodedArguments`: what the decoder
    /// decoded of the arguments of `scenario.steps` (loaded from a file) while it read them.
    func prepare(
        _ scenario: Scenario, into diagnostics: Diagnostics, decodedArguments: DecodedStepArguments? = nil
    ) -> PreparedValues? {
        var prepared: [String: PreparedPlugin] = [:]
        var decodedActions: [(any Sendable)?] = []
        decodedActions.reserveCapacity(scenario.steps.count)
        let deviceIDs = Set(scenario.devices.map(\.id))
        let enabled = Set(scenario.plugins.map(\.name))
        let reported = ReportedNames()
        // Every configuration is decoded before any is checked: a plugin's checks see its dependencies'.
        var decoded: [String: DecodedConfiguration] = [:]
        for spec in scenario.plugins {
            guard let plugin = registry.plugin(named: spec.name) else {
                reported.names.insert(spec.name)
                diagnostics.error(unknownPlugin(spec.name), at: spec.path)
                continue
            }
            decoded[spec.name] = plugin.decodeConfiguration(spec, diagnostics: diagnostics)
        }
        for spec in scenario.plugins {
            guard let plugin = registry.plugin(named: spec.name) else { continue }
            prepared[spec.name] = decoded[spec.name].flatMap {
                plugin.prepare($0, in: scenario, decoded: decoded, diagnostics: diagnostics)
            }
            for dependency in plugin.dependencies.map(\.name) where !enabled.contains(dependency) {
                diagnostics.error(
                    "plugin \"\(spec.name)\" needs plugin \"\(dependency)\": add \"\(dependency)\": {} to plugins",
                    at: spec.path)
            }
        }
        for fault in scenario.faults {
            checkTime(fault.at, scenario, at: fault.path / "at", diagnostics)
            for (index, id) in (fault.devices ?? []).enumerated() where !deviceIDs.contains(id) {
                let path =
                    fault.devices?.count == 1 && !isList(fault.path, scenario)
                    ? fault.path / "device" : fault.path / "devices" / index
                diagnostics.error(unknownDevice(id, scenario), at: path)
            }
            if fault.kind == .serverRestart, let plugin = fault.plugin, !enabled.contains(plugin) {
                diagnostics.error("plugin \"\(plugin)\" is not enabled in plugins", at: fault.path / "plugin")
            }
            if fault.kind == .serverError, let server = fault.server, let error = fault.error {
                checkServerError(server, error, fault, scenario, diagnostics)
            }
        }
        validateSwarm(scenario, enabled: enabled, diagnostics)
        // Steps of one plugin usually follow each other: the last one's lookups are kept, and each action's
        // preparer is made once.
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
        let expectations = scenario.expectations ?? defaultExpectations(scenario)
        let values = expectations.map { validate($0, scenario, enabled, reported, prepared, diagnostics) }
        guard diagnostics.isEmpty else { return nil }
        return PreparedValues(
            plugins: prepared, actions: decodedActions, expectations: expectations, values: values,
            source: .init(plugins: scenario.plugins, steps: scenario.steps, expectations: scenario.expectations))
    }

    /// Every invariant of every enabled plugin, expected to hold.
    func defaultExpectations(_ scenario: Scenario) -> [ExpectationSpec] {
        scenario.plugins.flatMap { spec in
            (registry.plugin(named: spec.name)?.invariants ?? []).map {
                ExpectationSpec.invariant("\(spec.name).\($0.name)")
            }
        }
    }

    private func validate(
        _ expectation: ExpectationSpec, _ scenario: Scenario, _ enabled: Set<String>, _ reported: ReportedNames,
        _ prepared: [String: PreparedPlugin], _ diagnostics: Diagnostics
    ) -> (any Sendable)? {
        let path = expectation.path
        switch expectation.kind {
        case .invariant:
            guard
                let plugin = enabledPlugin(expectation.plugin, enabled, reported, at: path / "invariant", diagnostics)
            else { return nil }
            let names = plugin.invariants.map(\.name)
            guard names.contains(expectation.name) else {
                diagnostics.error(
                    "unknown invariant \(BoundedQuote.quote(expectation.qualifiedName)) (\(NameSuggestion.hint(expectation.name, in: names, prefix: plugin.name + "."))"
                        + "\(plugin.name) offers: \(names.joined(separator: ", ")))",
                    at: path / "invariant")
                return nil
            }
            return plugin.prepareInvariant(
                expectation, prepared[expectation.plugin], in: scenario, diagnostics: diagnostics)
        case .check(let at, let device, _):
            checkTime(at, scenario, at: path / "at", diagnostics)
            checkDevice(device, scenario, at: path / "device", diagnostics)
            guard let plugin = enabledPlugin(expectation.plugin, enabled, reported, at: path / "check", diagnostics)
            else { return nil }
            let names = plugin.observables.map(\.name)
            guard names.contains(expectation.name) else {
                diagnostics.error(
                    "unknown observable \"\(expectation.qualifiedName)\" (\(NameSuggestion.hint(expectation.name, in: names, prefix: plugin.name + "."))"
                        + "\(plugin.name) offers: \(names.joined(separator: ", ")))",
                    at: path / "check")
                return nil
            }
            return plugin.prepareObservable(
                expectation, device: device, prepared[expectation.plugin], in: scenario, diagnostics: diagnostics)
        }
    }

    /// A `serverError` names a server an enabled plugin runs, and an error that server documents.
    private func checkServerError(
        _ server: String, _ error: String, _ fault: FaultSpec, _ scenario: Scenario, _ diagnostics: Diagnostics
    ) {
        let documented = scenario.plugins.compactMap { registry.plugin(named: $0.name) }.flatMap(\.serverErrors)
        let errors = documented.filter { $0.server == server }.map(\.error)
        guard !errors.isEmpty else {
            let servers = Array(Set(documented.map(\.server))).sorted()
            diagnostics.error(
                "no enabled plugin runs a server \"\(server)\" with schedulable errors"
                    + (servers.isEmpty ? "" : " (servers: \(servers.joined(separator: ", ")))"),
                at: fault.path / "server")
            return
        }
        if !errors.contains(error) {
            diagnostics.error(
                "unknown error \"\(error)\" for server \"\(server)\" (expected one of: "
                    + "\(Array(Set(errors)).sorted().joined(separator: ", ")))",
                at: fault.path / "error")
        }
    }

    private func isList(_ path: JSONPath, _ scenario: Scenario) -> Bool {
        guard let document = scenario.document else { return false }
        return document.location(of: path / "devices") != nil
    }

    /// A plugin named by a step or expectation; an unknown one is reported once per scenario.
    private func enabledPlugin(
        _ name: String, _ enabled: Set<String>, _ reported: ReportedNames, at path: @autoclosure () -> JSONPath,
        _ diagnostics: Diagnostics
    ) -> (any SimulationPlugin)? {
        guard let plugin = registry.plugin(named: name) else {
            if reported.names.insert(name).inserted { diagnostics.error(unknownPlugin(name), at: path()) }
            return nil
        }
        guard enabled.contains(name) else {
            if reported.names.insert(name).inserted {
                diagnostics.error("plugin \"\(name)\" is not enabled: add \"\(name)\": {} to plugins", at: path())
            }
            return nil
        }
        return plugin
    }

    private func checkDevice(
        _ id: String?, _ scenario: Scenario, at path: @autoclosure () -> JSONPath, _ diagnostics: Diagnostics
    ) {
        guard let id, scenario.device(named: id) == nil else { return }
        diagnostics.error(unknownDevice(id, scenario), at: path())
    }

    private func unknownDevice(_ id: String, _ scenario: Scenario) -> String {
        let ids = scenario.devices.map(\.id)
        return "unknown device \(BoundedQuote.quote(id)) "
            + "(\(NameSuggestion.hint(id, in: ids))devices: \(ids.joined(separator: ", ")))"
    }

    private func unknownPlugin(_ name: String) -> String {
        "unknown plugin \(BoundedQuote.quote(name)) (\(NameSuggestion.hint(name, in: registry.names))available: "
            + "\(registry.names.joined(separator: ", ")))"
    }

    private func checkTime(
        _ time: TimePoint, _ scenario: Scenario, at path: @autoclosure () -> JSONPath, _ diagnostics: Diagnostics
    ) {
        guard case .at(let instant) = time, instant > scenario.end else { return }
        diagnostics.error(
            "\(DurationFormat.string(instant)) is after the end of the run (duration \(DurationFormat.string(scenario.duration)))",
            at: path())
    }
}
