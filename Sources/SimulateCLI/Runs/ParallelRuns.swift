import Dispatch
import SimulateCore

/// One scenario file with one seed.
struct RunItem: Sendable {
    var scenario: Scenario
    var seed: UInt64
    /// Set when the run is one seed of a sweep (`--seeds`): the number of its file among the command's files.
    var sweepGroup: Int?
}

/// Runs items on several threads and hands the results back in item order, batch by batch,
/// so output order never depends on scheduling.
struct ParallelRuns: Sendable {
    var runner: SimulationRunner
    var jobs: Int
    var keepsTrace: Bool
    var batchSize = 256
    /// Advanced once per finished run, from the worker threads.
    var progress: ProgressBar?

    func run(_ items: [RunItem], onResult: (Int, RunResult) -> Void) {
        var start = 0
        while start < items.count {
            let batch = Array(items[start..<min(items.count, start + batchSize)])
            let results = runBatch(batch)
            for (offset, result) in results.enumerated() { onResult(start + offset, result) }
            start += batch.count
        }
    }

    private func runBatch(_ batch: [RunItem]) -> [RunResult] {
        let slots = ResultSlots(count: batch.count)
        if jobs <= 1 || batch.count == 1 {
            for (index, item) in batch.enumerated() { slots.set(index, execute(item)) }
        } else {
            let workers = min(jobs, batch.count)
            let counter = WorkCounter()
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                while let index = counter.next(below: batch.count) {
                    slots.set(index, execute(batch[index]))
                }
            }
        }
        return slots.values
    }

    private func execute(_ item: RunItem) -> RunResult {
        let result = runner.run(item.scenario, seed: item.seed, keepsTrace: keepsTrace)
        progress?.advance()
        return result
    }
}

/// Result storage written by one thread per index.
private final class ResultSlots: @unchecked Sendable {
    private var storage: [RunResult?]
    private let lock = Lock()

    init(count: Int) {
        storage = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ result: RunResult) {
        lock.withLock { storage[index] = result }
    }

    var values: [RunResult] { storage.map { $0! } }
}

/// Hands out indices to worker threads.
private final class WorkCounter: @unchecked Sendable {
    private var nextIndex = 0
    private let lock = Lock()

    func next(below limit: Int) -> Int? {
        lock.withLock {
            guard nextIndex < limit else { return nil }
            defer { nextIndex += 1 }
            return nextIndex
        }
    }
}
