import SimulateCore

/// The scheduling strategies `bug-patterns-bench` compares.
struct ExploreStrategy {
    var name: String
    var strategy: ScheduleStrategy
}

enum ExploreStrategies {
    /// Seeded random (the baseline) first, then PCT and delay-bounding with N learned as `simulate explore` does.
    static var all: [ExploreStrategy] {
        [ExploreStrategy(name: "random", strategy: .random)]
            + (1...3).map { ExploreStrategy(name: "pct:\($0)", strategy: .pct(depth: $0, steps: nil)) }
            + (1...3).map { ExploreStrategy(name: "delay:\($0)", strategy: .delay(delays: $0, steps: nil)) }
    }

}
