import SimulateCore

/// The least any simulation of plain async code can cost on Swift's concurrency runtime: the same
/// ``AsyncBackoffClient`` code on a bare clock and task executor, with no scheduler, no trace hash, no
/// seeded choice among ready jobs and no escape checks. One thread runs a job queue and resumes the
/// earliest sleeper when it is empty. Every sleep still pays what the runtime charges for a clock that
/// keeps `Clock.sleep`'s cancellation contract in its cheapest form (one cancellation handler around
/// each task's body, as `SimulationRuntime.spawn` installs, and a cancellation check per sleep): a
/// continuation, a job enqueued on the task's preferred executor, and a task switch to run it.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
enum AsyncRuntimeFloor {
    static func measure(clients: Int, sleepsPerClient: Int) -> (sleeps: Int, seconds: Double) {
        let loop = FloorLoop()
        let clock = FloorClock(loop: loop)
        let tally = loop.tally
        for _ in 0..<clients {
            Task(executorPreference: loop) {
                await withTaskCancellationHandler {
                    await AsyncBackoffClient.run(clock: clock, sleeps: sleepsPerClient) { tally.resolved += 1 }
                } onCancel: {
                    // The benchmark never cancels; a task that honours cancellation still pays for this handler.
                }
            }
        }
        let seconds = BenchmarkClock.seconds { loop.run() }
        precondition(tally.resolved == clients * sleepsPerClient, "unexpected sleep count \(tally.resolved)")
        return (tally.resolved, seconds)
    }
}

/// A task executor and a timer queue on the calling thread; only ever touched from that thread.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
private final class FloorLoop: TaskExecutor, @unchecked Sendable {
    final class Tally: @unchecked Sendable {
        var resolved = 0
    }

    private struct Sleeper {
        var deadline: Int64
        var order: Int
        var continuation: UnsafeContinuation<Void, any Error>

        func isBefore(_ other: Sleeper) -> Bool {
            deadline < other.deadline || (deadline == other.deadline && order < other.order)
        }
    }

    let tally = Tally()
    // Nanoseconds, and no exclusivity checks: the least the loop's own bookkeeping can cost, so that the
    // floor is the runtime's part alone (only this thread touches the loop).
    @exclusivity(unchecked) private(set) var now: Int64 = 0
    @exclusivity(unchecked) private var jobs: [UnownedJob] = []
    @exclusivity(unchecked) private var sleepers: [Sleeper] = []
    @exclusivity(unchecked) private var nextOrder = 0

    func enqueue(_ job: consuming ExecutorJob) {
        jobs.append(UnownedJob(job))
    }

    func sleep(until deadline: Int64, _ continuation: UnsafeContinuation<Void, any Error>) {
        sleepers.append(Sleeper(deadline: deadline, order: nextOrder, continuation: continuation))
        nextOrder += 1
        var child = sleepers.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard sleepers[child].isBefore(sleepers[parent]) else { break }
            sleepers.swapAt(child, parent)
            child = parent
        }
    }

    func run() {
        var next = 0
        while true {
            while next < jobs.count {
                jobs[next].runSynchronously(on: asUnownedTaskExecutor())
                next += 1
            }
            jobs.removeAll(keepingCapacity: true)
            next = 0
            guard let earliest = popEarliest() else { return }
            now = earliest.deadline
            earliest.continuation.resume()
        }
    }

    private func popEarliest() -> Sleeper? {
        guard let first = sleepers.first else { return nil }
        let last = sleepers.removeLast()
        guard !sleepers.isEmpty else { return first }
        sleepers[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1
            guard left < sleepers.count else { break }
            var least = left
            if left + 1 < sleepers.count, sleepers[left + 1].isBefore(sleepers[left]) { least = left + 1 }
            guard sleepers[least].isBefore(sleepers[parent]) else { break }
            sleepers.swapAt(least, parent)
            parent = least
        }
        return first
    }
}

/// A clock whose time is the loop's: a sleep parks its continuation until the loop reaches the deadline.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
private struct FloorClock: Clock {
    struct Instant: InstantProtocol {
        /// Nanoseconds since the loop's start.
        var offset: Int64

        // The simulation clock's own conversion, so that the floor pays no more for it than the runtime does.
        func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + VirtualDuration(duration).nanoseconds)
        }
        func duration(to other: Instant) -> Duration { .nanoseconds(other.offset - offset) }
        static func < (a: Instant, b: Instant) -> Bool { a.offset < b.offset }
    }

    let loop: FloorLoop

    var now: Instant { Instant(offset: loop.now) }
    var minimumResolution: Duration { .zero }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        try Task.checkCancellation()
        try await withUnsafeThrowingContinuation { loop.sleep(until: deadline.offset, $0) }
    }
}
