import SimulateCore

/// Delay-bounded scheduling (Emmi, Qadeer, Rakamarić, "Delay-Bounded Scheduling", POPL 2011): a
/// deterministic scheduler, here oldest ready job first (enqueue order), that may be told to delay at
/// most `delays` times. The delays fall on choices drawn uniformly over 1…`steps` (several may fall on one
/// choice); a delay sends the job that would run to the back of the queue, behind every job ready then.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
final class DelayPolicy: SchedulePolicy {
    /// Choice → delays there.
    private var delays: [Int: Int] = [:]
    /// Delayed jobs' places: after every job ready when they were delayed, in the order of their delays.
    private var moved: [UInt64: (after: UInt64, order: Int)] = [:]
    private var delaysMade = 0

    init(delays: Int, steps: Int, random: SeededRandom) {
        var random = random
        for _ in 0..<delays { self.delays[random.int(in: 1...steps), default: 0] += 1 }
    }

    func pick(_ ready: [SimulationExecutor.ReadyJob], choice: Int) -> Int {
        var head = first(ready)
        for _ in 0..<(delays[choice] ?? 0) {
            let newest = ready.map { moved[$0.enqueued]?.after ?? $0.enqueued }.max()!
            delaysMade += 1
            moved[ready[head].enqueued] = (newest, delaysMade)
            head = first(ready)
        }
        moved[ready[head].enqueued] = nil
        return head
    }

    /// The index of the job first in the queue.
    private func first(_ ready: [SimulationExecutor.ReadyJob]) -> Int {
        func key(_ job: SimulationExecutor.ReadyJob) -> (UInt64, Int) {
            moved[job.enqueued].map { ($0.after, $0.order) } ?? (job.enqueued, 0)
        }
        var best = 0
        for index in 1..<ready.count where key(ready[index]) < key(ready[best]) { best = index }
        return best
    }
}
