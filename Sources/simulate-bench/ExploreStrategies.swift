import SimulateCore

/// The scheduling strategies `simulate-bench explore` compares, each as the scenario's `strategy`.
struct ExploreStrategy {
    var name: String
    var strategy: ScheduleStrategy

    func apply(_ scenario: inout Scenario) { scenario.strategy = strategy }
}

enum ExploreStrategies {
    /// Seeded random (the baseline) first, then PCT and delay-bounding with the default number of steps.
    static var all: [ExploreStrategy] {
        [ExploreStrategy(name: "random", strategy: .random)]
            + (1...3).map { ExploreStrategy(name: "pct:\($0)", strategy: .pct(depth: $0, steps: nil)) }
            + (1...3).map { ExploreStrategy(name: "delay:\($0)", strategy: .delay(delays: $0, steps: nil)) }
    }

    /// PCT and delay-bounding with their points drawn over `choices`, the number of scheduling choices
    /// a run of the bug's scenario makes (PCT's *k*), instead of the default 1,000.
    static func sized(choices: Int) -> [ExploreStrategy] {
        [
            ExploreStrategy(name: "pct:2:n", strategy: .pct(depth: 2, steps: choices)),
            ExploreStrategy(name: "pct:3:n", strategy: .pct(depth: 3, steps: choices)),
            ExploreStrategy(name: "delay:2:n", strategy: .delay(delays: 2, steps: choices)),
        ]
    }
}
