import SimulateCore

extension ScenarioHarness {
    /// The same harness, running every scenario with `strategy` (docs/exploration.md): e.g.
    /// `ScenarioHarness().using(.pct(depth: 3, steps: nil)).run(file, seed: 7)`.
    public func using(_ strategy: ScheduleStrategy) -> ScenarioHarness {
        var harness = self
        harness.strategy = strategy
        return harness
    }
}
