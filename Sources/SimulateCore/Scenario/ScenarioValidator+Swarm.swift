import SimulateJSON

/// Checks of `faults.generate` and `faults.liveness` against the rest of the scenario.
extension ScenarioValidator {
    func validateSwarm(_ scenario: Scenario, enabled: Set<String>, _ diagnostics: Diagnostics) {
        let duration = scenario.duration
        let known = Set(scenario.devices.map(\.id))
        if let generator = scenario.faultGenerator {
            for (index, id) in (generator.devices ?? []).enumerated() where !known.contains(id) {
                diagnostics.error(
                    "unknown device \"\(id)\" (devices: \(scenario.devices.map(\.id).joined(separator: ", ")))",
                    at: generator.path / "devices" / index)
            }
            if let plugin = generator.plugin, !enabled.contains(plugin) {
                diagnostics.error("plugin \"\(plugin)\" is not enabled in plugins", at: generator.path / "plugin")
            }
            if generator.windowTo > scenario.end {
                diagnostics.error(
                    "the window ends at \(DurationFormat.string(generator.windowTo)), after the end of the "
                        + "run (duration \(DurationFormat.string(duration)))", at: generator.path / "window" / "to")
            }
        }
        guard let liveness = scenario.liveness else { return }
        if liveness.deadline > scenario.end {
            diagnostics.error(
                "the liveness deadline (after \(DurationFormat.string(liveness.after)) + within "
                    + "\(DurationFormat.string(liveness.within))) is after the end of the run (duration "
                    + "\(DurationFormat.string(duration))): make duration at least "
                    + DurationFormat.string(liveness.deadline), at: liveness.path)
        }
        if let generator = scenario.faultGenerator, generator.windowTo > liveness.after {
            diagnostics.error(
                "generated faults may last until \(DurationFormat.string(generator.windowTo)), after "
                    + "the liveness phase starts (\(DurationFormat.string(liveness.after)))",
                at: generator.path / "window" / "to")
        }
        let atStart = Set(
            scenario.plugins.compactMap { registry.plugin(named: $0.name) }.flatMap(\.serverErrors)
                .filter(\.actsAtStart).map { "\($0.server)/\($0.error)" })
        for fault in scenario.faults {
            guard let end = Self.lastEnd(of: fault, runEnd: scenario.end, actsAtStart: atStart),
                end <= liveness.after
            else {
                diagnostics.error(
                    "this fault is still active when the liveness phase starts at "
                        + "\(DurationFormat.string(liveness.after)): faults stop before it (give \"for\")",
                    at: fault.path)
                continue
            }
        }
    }

    /// When the fault's last occurrence ends; nil when it lasts until the end of the run. A server restart, and a
    /// server error whose `server/error` is in `actsAtStart`, end as they start.
    static func lastEnd(of fault: FaultSpec, runEnd: VirtualInstant, actsAtStart: Set<String> = []) -> VirtualInstant? {
        let times = SimulationRunner.occurrences(of: fault.at, repeating: fault.repeat, runEnd: runEnd)
        guard let last = times.last else { return .start }
        if fault.kind == .serverRestart { return last }
        if fault.kind == .serverError, actsAtStart.contains("\(fault.server ?? "")/\(fault.error ?? "")") {
            return last
        }
        return fault.duration.map { last + $0 }
    }
}
