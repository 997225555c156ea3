/// Which task each ready job belongs to, numbered from 0 in the order the run first meets the tasks.
///
/// A job that is a task (`UnownedJob.description` gives its task id: "UnownedJob(id: 12)") is that
/// task: the runtime enqueues the task itself each time it resumes, so the id names it across its
/// suspensions, and ids are never reused within a process. A job that is not a task ("id: nil": the job
/// `Task.yield()` enqueues to resume its task, a default actor's drain job) belongs to the task whose
/// job ran last before it was first seen — the task that enqueued it. Both are assumptions about the
/// Swift runtime, checked by the tests (docs/exploration.md).
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
final class TaskIdentities {
    private var numbers: [UInt64: Int] = [:]
    /// Jobs that are not tasks, by enqueue order → the task they belong to.
    private var owners: [UInt64: Int] = [:]
    private var lastRan: Int?
    private var count = 0

    /// The number of the task `job` belongs to.
    func task(of job: SimulationExecutor.ReadyJob) -> Int {
        if let id = Self.taskID(job.job) {
            if let known = numbers[id] { return known }
            let number = next()
            numbers[id] = number
            return number
        }
        if let owner = owners[job.enqueued] { return owner }
        let owner = lastRan ?? next()
        owners[job.enqueued] = owner
        return owner
    }

    /// `job` runs now.
    func ran(_ job: SimulationExecutor.ReadyJob) {
        lastRan = task(of: job)
        owners[job.enqueued] = nil
    }

    private func next() -> Int {
        count += 1
        return count - 1
    }

    /// The task id in "UnownedJob(id: 12)"; nil for "UnownedJob(id: nil)", a job that is not a task.
    static func taskID(_ job: UnownedJob) -> UInt64? {
        let text = job.description.utf8
        guard let colon = text.lastIndex(of: UInt8(ascii: ":")) else { return nil }
        var value: UInt64 = 0
        var digits = 0
        for byte in text[text.index(after: colon)...] where byte != UInt8(ascii: " ") {
            guard byte >= 0x30, byte <= 0x39 else { break }
            value = value &* 10 &+ UInt64(byte - 0x30)
            digits += 1
        }
        return digits > 0 ? value : nil
    }
}
