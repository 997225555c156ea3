import SimulateJSON

/// Shrinking the schedule of a run under `pct`, `delay` or `replay:` (docs/exploration.md): the run's
/// choices are recorded as deviations from the oldest-first order and written into the scenario as
/// `"strategy": "replay:…"`, which replays them exactly; then deviations are dropped (delta debugging)
/// and skips lowered while the same failure persists, before and after the scenario itself shrinks.
extension ScenarioShrinker {
    /// Whether a run under `strategy` has a schedule worth shrinking: every strategy but `random`.
    static func shrinksSchedule(_ strategy: ScheduleStrategy?) -> Bool {
        guard let strategy else { return false }
        if case .random = strategy { return false }
        return true
    }

    /// Writes the failing run's schedule into the scenario as `replay:…`; false (nothing changed) when the
    /// replay does not fail the same way.
    func recordSchedule(_ scenario: Scenario) -> Bool {
        let result = SimulationRunner(registry: registry).run(
            scenario, seed: seed, keepsTrace: false, recordsSchedule: true)
        guard let schedule = result.schedule else { return false }
        scheduleBefore = schedule.deviations.count
        var candidate = current
        candidate.root["strategy"] = .string(schedule.strategy.description)
        guard fails(candidate, evenIfCurrent: true) else { return false }
        current = candidate
        return true
    }

    /// Fewer deviations (dropped, or merged into the one before: that choice passes over more jobs),
    /// then smaller skips, while the failure persists.
    func reduceSchedule() {
        guard scheduleBefore != nil, case .replay(let deviations)? = currentStrategy else { return }
        phase = "schedule"
        let kept = minimize(deviations.map { JSON.string($0.description) }) { items in
            self.withSchedule(items.compactMap { Self.deviation($0) })
        }
        var reduced = kept.compactMap { Self.deviation($0) }
        var index = reduced.count - 1
        while index >= 1, !outOfBudget {
            var merged = reduced
            merged[index - 1].skip += merged[index].skip
            merged.remove(at: index)
            if attempt(withSchedule(merged)) { reduced = merged }
            index = min(index - 1, reduced.count - 1)
        }
        for index in reduced.indices where !outOfBudget {
            while reduced[index].skip > 1 {
                var candidate = reduced
                candidate[index].skip -= 1
                guard attempt(withSchedule(candidate)) else { break }
                reduced = candidate
            }
        }
    }

    /// The deviations the current scenario replays, when it replays a schedule.
    var scheduleDeviations: Int? {
        guard scheduleBefore != nil, case .replay(let deviations)? = currentStrategy else { return nil }
        return deviations.count
    }

    private var currentStrategy: ScheduleStrategy? {
        current.root["strategy"]?.stringValue.flatMap { try? ScheduleStrategy(parsing: $0) }
    }

    private func withSchedule(_ deviations: [ScheduleDeviation]) -> ScenarioDocument {
        var copy = current
        copy.root["strategy"] = .string(ScheduleStrategy.replay(deviations).description)
        return copy
    }

    private static func deviation(_ item: JSON) -> ScheduleDeviation? {
        guard let text = item.stringValue,
            case .replay(let parsed)? = try? ScheduleStrategy(parsing: "replay:" + text)
        else { return nil }
        return parsed.first
    }
}
