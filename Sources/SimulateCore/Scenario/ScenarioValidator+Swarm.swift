import SimulateJSON

/// Checks of `faults.generate` and `faults.liveness` against the rest of the scenario.
extension ScenarioValidator {
    func validateSwarm(_ scenario: Scenario, enabled: Set<String>, _ diagnostics: Diagnostics) {
        let duration = scenario.durationNanoseconds
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
            if generator.windowToNanoseconds > duration {
                diagnostics.error(
                    "the window ends at \(DurationFormat.string(generator.windowToNanoseconds)), after the end of the "
                        + "run (duration \(DurationFormat.string(duration)))", at: generator.path / "window" / "to")
            }
        }
        guard let liveness = scenario.liveness else { return }
        if liveness.deadlineNanoseconds > duration {
            diagnostics.error(
                "the liveness deadline (after \(DurationFormat.string(liveness.afterNanoseconds)) + within "
                    + "\(DurationFormat.string(liveness.withinNanoseconds))) is after the end of the run (duration "
                    + "\(DurationFormat.string(duration))): make duration at least "
                    + DurationFormat.string(liveness.deadlineNanoseconds), at: liveness.path)
        }
        if let generator = scenario.faultGenerator, generator.windowToNanoseconds > liveness.afterNanoseconds {
            diagnostics.error(
                "generated faults may last until \(DurationFormat.string(generator.windowToNanoseconds)), after "
                    + "the liveness phase starts (\(DurationFormat.string(liveness.afterNanoseconds)))",
                at: generator.path / "window" / "to")
        }
        for fault in scenario.faults {
            guard let end = Self.lastEnd(of: fault, duration: duration), end <= liveness.afterNanoseconds else {
                diagnostics.error(
                    "this fault is still active when the liveness phase starts at "
                        + "\(DurationFormat.string(liveness.afterNanoseconds)): faults stop before it (give \"for\")",
                    at: fault.path)
                continue
            }
        }
    }

    /// When the fault's last occurrence ends; nil when it lasts until the end of the run.
    static func lastEnd(of fault: FaultSpec, duration: Int64) -> Int64? {
        let times = SimulationRunner.occurrences(of: fault.at, repeating: fault.repeat, duration: duration)
        guard let last = times.last else { return 0 }
        if fault.kind == .serverRestart { return last }
        return fault.forNanoseconds.map { last + $0 }
    }
}
