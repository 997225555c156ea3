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
    /// decoded of the arguments of `scenario.steps` (loaded from a file) while it read them. The sections
    /// are checked in the order of the file: plugins, faults, swarm, steps, expectations.
    func prepare(
        _ scenario: Scenario, into diagnostics: Diagnostics, decodedArguments: DecodedStepArguments? = nil
    ) -> PreparedValues? {
        let enabled = Set(scenario.plugins.map(\.name))
        let reported = ReportedNames()
        let prepared = preparePlugins(scenario, enabled: enabled, reported: reported, diagnostics)
        checkFaults(scenario, enabled: enabled, diagnostics)
        validateSwarm(scenario, enabled: enabled, diagnostics)
        let decodedActions = prepareSteps(
            scenario, enabled: enabled, reported: reported, prepared: prepared, decodedArguments: decodedArguments,
            diagnostics)
        let expectations = scenario.expectations ?? defaultExpectations(scenario)
        let values = expectations.map { validate($0, scenario, enabled, reported, prepared, diagnostics) }
        guard diagnostics.isEmpty else { return nil }
        return PreparedValues(
            plugins: prepared, actions: decodedActions, expectations: expectations, values: values,
            source: .init(plugins: scenario.plugins, steps: scenario.steps, expectations: scenario.expectations))
    }

    /// Each enabled plugin's configuration, decoded and prepared; its missing dependencies reported.
    /// Every configuration is decoded before any is checked: a plugin's checks see its dependencies'.
    private func preparePlugins(
        _ scenario: Scenario, enabled: Set<String>, reported: ReportedNames, _ diagnostics: Diagnostics
    ) -> [String: PreparedPlugin] {
        var decoded: [String: DecodedConfiguration] = [:]
        for spec in scenario.plugins {
            guard let plugin = registry.plugin(named: spec.name) else {
                reported.names.insert(spec.name)
                diagnostics.error(unknownPlugin(spec.name), at: spec.path)
                continue
            }
            decoded[spec.name] = plugin.decodeConfiguration(spec, diagnostics: diagnostics)
        }
        var prepared: [String: PreparedPlugin] = [:]
        for spec in scenario.plugins {
            guard let plugin = registry.plugin(named: spec.name) else { continue }
            prepared[spec.name] = decoded[spec.name].flatMap {
                plugin.prepare($0, in: scenario, decoded: decoded, diagnostics: diagnostics)
            }
            for dependency in plugin.dependencyNames where !enabled.contains(dependency) {
                diagnostics.error(
                    "plugin \"\(spec.name)\" needs plugin \"\(dependency)\": add \"\(dependency)\": {} to plugins",
                    at: spec.path)
            }
        }
        return prepared
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
        case .check(let at, let device, let equals):
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
            if let valueType = plugin.observables.first(where: { $0.name == expectation.name })?.valueType,
                let expected = ObservableValueType.mismatch(valueType, equals)
            {
                diagnostics.error(
                    "\(expected) (\(expectation.qualifiedName) is \(valueType == "integer" ? "an" : "a") \(valueType)), found \(equals.typeName)",
                    at: path / "equals")
            }
            return plugin.prepareObservable(
                expectation, device: device, prepared[expectation.plugin], in: scenario, diagnostics: diagnostics)
        }
    }

    /// A plugin named by a step or expectation; an unknown one is reported once per scenario.
    func enabledPlugin(
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

    func checkDevice(
        _ id: String?, _ scenario: Scenario, at path: @autoclosure () -> JSONPath, _ diagnostics: Diagnostics
    ) {
        guard let id, scenario.device(named: id) == nil else { return }
        diagnostics.error(unknownDevice(id, scenario), at: path())
    }

    func unknownDevice(_ id: String, _ scenario: Scenario) -> String {
        let ids = scenario.devices.map(\.id)
        return "unknown device \(BoundedQuote.quote(id)) "
            + "(\(NameSuggestion.hint(id, in: ids))devices: \(ids.joined(separator: ", ")))"
    }

    private func unknownPlugin(_ name: String) -> String {
        "unknown plugin \(BoundedQuote.quote(name)) (\(NameSuggestion.hint(name, in: registry.names))available: "
            + "\(registry.names.joined(separator: ", ")))"
    }

    func checkTime(
        _ time: TimePoint, _ scenario: Scenario, at path: @autoclosure () -> JSONPath, _ diagnostics: Diagnostics
    ) {
        guard case .at(let instant) = time, instant > scenario.end else { return }
        diagnostics.error(
            "\(DurationFormat.string(instant)) is after the end of the run (duration \(DurationFormat.string(scenario.duration)))",
            at: path())
    }
}
