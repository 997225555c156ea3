import SimulateJSON

/// A bound on work a run's steps ask of a plugin that the event budget does not count: a step's amount
/// (`counter.next`'s `count`) done within one event, times its `repeat` count, can reach 10^10 within the
/// documented ranges. Checked at load time over every step of the action, naming the step that asks the most.
public struct StepWorkLimit: Sendable {
    /// The action's name (`next`).
    public var action: String
    /// The argument that holds the amount (`count`), and its default.
    public var argument: String
    public var defaultAmount: Int
    /// The most the run's steps may ask for together.
    public var limit: Int
    /// What the amount counts, for the message ("allocations").
    public var what: String

    public init(action: String, argument: String, defaultAmount: Int = 1, limit: Int, what: String) {
        self.action = action
        self.argument = argument
        self.defaultAmount = defaultAmount
        self.limit = limit
        self.what = what
    }

    /// Reports a total over ``limit`` at the step of `plugin` that asks the most.
    public func check(_ scenario: Scenario, plugin: String, diagnostics: Diagnostics) {
        var total = 0
        var largest: (amount: Int, step: StepSpec)?
        for step in scenario.steps where step.plugin == plugin && step.action == action {
            let amount = (step.args[argument]?.intValue ?? defaultAmount) * (step.repeat?.count ?? 1)
            total += amount
            if amount > (largest?.amount ?? -1) { largest = (amount, step) }
        }
        guard total > limit, let largest else { return }
        diagnostics.error(
            "the steps ask for \(total) \(what) in one run (this step \(largest.amount), its \(argument) times its "
                + "repeat count): at most \(limit), as the event budget does not bound this work; "
                + "ask for fewer, or spread them over seeds", at: largest.step.path)
    }
}
