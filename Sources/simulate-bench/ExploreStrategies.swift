import SimulateCore

/// The scheduling strategies `simulate-bench explore` compares, each as a change to the scenario.
struct ExploreStrategy {
    var name: String
    var apply: (inout Scenario) -> Void
}

enum ExploreStrategies {
    /// Seeded random (the baseline) first.
    static var all: [ExploreStrategy] { [ExploreStrategy(name: "random") { _ in }] }
}
