import SimulateCore

/// PCT (Burckhardt, Kothari, Musuvathi, Nagarakatte, "A Randomized Scheduler with Probabilistic
/// Guarantees of Finding Bugs", ASPLOS 2010): each task (``TaskIdentities``) gets a random priority the
/// first time it is ready at a choice; the ready job of the highest-priority task runs. `depth − 1` change points are
/// drawn uniformly over choices 1…`steps`; at the `i`-th, the task that would run drops to priority
/// `i`, below every initial priority, and the highest of the others runs instead.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
final class PCTPolicy: SchedulePolicy {
    private var random: SeededRandom
    private let depth: Int
    /// Choice → the low priority (1…depth−1) the running task drops to there.
    private var changePoints: [Int: UInt64] = [:]
    /// Task number → priority.
    private var priorities: [Int: UInt64] = [:]
    private let identities: TaskIdentities

    init(depth: Int, steps: Int, random: SeededRandom, identities: TaskIdentities) {
        self.random = random
        self.depth = depth
        self.identities = identities
        for point in 1..<max(depth, 1) {
            // Distinct points while the steps allow; the paper draws them from 1…k.
            var step = self.random.int(in: 1...steps)
            while changePoints[step] != nil && changePoints.count < steps { step = self.random.int(in: 1...steps) }
            changePoints[step] = UInt64(point)
        }
    }

    func pick(_ ready: [SimulationExecutor.ReadyJob], choice: Int) -> Int {
        var best = highest(ready)
        if let low = changePoints[choice] {
            priorities[identities.task(of: ready[best])] = low
            best = highest(ready)
        }
        return best
    }

    /// The index of the ready job of the highest-priority task (the older job on a tie).
    private func highest(_ ready: [SimulationExecutor.ReadyJob]) -> Int {
        var best = 0
        var bestPriority = priority(identities.task(of: ready[0]))
        for index in 1..<ready.count {
            let candidate = priority(identities.task(of: ready[index]))
            if candidate > bestPriority
                || (candidate == bestPriority && ready[index].enqueued < ready[best].enqueued)
            {
                best = index
                bestPriority = candidate
            }
        }
        return best
    }

    /// A task's priority, drawn when the task is first seen: above every change point's.
    private func priority(_ task: Int) -> UInt64 {
        if let known = priorities[task] { return known }
        let drawn = UInt64(depth) + random.below(UInt64.max - UInt64(depth))
        priorities[task] = drawn
        return drawn
    }
}
