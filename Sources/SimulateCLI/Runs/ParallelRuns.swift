import Dispatch
import Foundation
import SimulateCore
import SimulateReports

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
    /// Whether every run's trace hash is computed. Off for a quiet sweep: a run that passes shows no hash,
    /// and one that does not is run again with it, so what is printed is the same.
    var hashesTrace = true
    var batchSize = 256
    /// Runs every item twice, the second time on another thread, and fails it when the traces differ.
    var checksDeterminism = false
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
        guard checksDeterminism else {
            return runPass(batch, keepsTrace: keepsTrace, hashesTrace: hashesTrace).map(\.result)
        }
        let first = runPass(batch, keepsTrace: true, hashesTrace: true, advancesProgress: false)
        let second = runPass(batch, keepsTrace: true, hashesTrace: true, avoiding: first.map(\.thread))
        return zip(first, second).map { first, second in
            var result = first.result
            if let failure = DeterminismCheck.compare(first.result, second.result) {
                result.passed = false
                result.failure = failure
            }
            if !keepsTrace { result.trace = [] }
            return result
        }
    }

    /// Runs the batch; with `avoiding`, an item that lands on the thread that ran it before runs again on a
    /// new thread.
    private func runPass(
        _ batch: [RunItem], keepsTrace: Bool, hashesTrace: Bool, advancesProgress: Bool = true,
        avoiding threads: [ThreadIdentity]? = nil
    ) -> [(result: RunResult, thread: ThreadIdentity)] {
        let slots = ResultSlots(count: batch.count)
        let work: @Sendable (Int) -> Void = { index in
            var thread = ThreadIdentity.current
            let item = batch[index]
            var result = RunsUnderWay.noting(item) {
                runner.run(item.scenario, seed: item.seed, keepsTrace: keepsTrace, hashesTrace: hashesTrace)
            }
            if !hashesTrace, !Self.passes(result, item) {
                result = runner.run(item.scenario, seed: item.seed, keepsTrace: keepsTrace)
            }
            if let threads, thread == threads[index] {
                (result, thread) = Self.onNewThread {
                    (runner.run(batch[index].scenario, seed: batch[index].seed, keepsTrace: keepsTrace), .current)
                }
            }
            if advancesProgress { progress?.advance() }
            slots.set(index, (result, thread))
        }
        if jobs <= 1 || batch.count == 1 {
            for index in batch.indices { work(index) }
        } else {
            let counter = WorkCounter()
            DispatchQueue.concurrentPerform(iterations: min(jobs, batch.count)) { _ in
                while let index = counter.next(below: batch.count) { work(index) }
            }
        }
        return slots.values
    }

    /// Whether the run passes as its line will be judged: a seed of a sweep by the expectations that are
    /// not judged over the sweep.
    private static func passes(_ result: RunResult, _ item: RunItem) -> Bool {
        item.sweepGroup == nil ? result.passed : result.passedAsPartOfSweep
    }

    private static func onNewThread<T>(_ body: @escaping @Sendable () -> T) -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.value = body()
            done.signal()
        }
        thread.start()
        done.wait()
        return box.value!
    }
}

/// A value handed back from another thread, read after that thread signals.
private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}

/// Result storage written by one thread per index.
private final class ResultSlots: @unchecked Sendable {
    private var storage: [(result: RunResult, thread: ThreadIdentity)?]
    private let lock = Lock()

    init(count: Int) {
        storage = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ result: (result: RunResult, thread: ThreadIdentity)) {
        lock.withLock { storage[index] = result }
    }

    var values: [(result: RunResult, thread: ThreadIdentity)] { lock.withLock { storage.map { $0! } } }
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

/// The calling thread as a number: `pthread_t` is an integer on Linux but a pointer, not `Sendable`, on Darwin.
/// Like `pthread_equal`, it tells apart threads that are alive at the same time.
struct ThreadIdentity: Sendable, Equatable {
    let value: UInt

    static var current: ThreadIdentity {
        #if canImport(Darwin)
            ThreadIdentity(value: UInt(bitPattern: pthread_self()))
        #else
            ThreadIdentity(value: UInt(pthread_self()))
        #endif
    }
}
