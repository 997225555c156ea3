import SimulateCore
import Synchronization
import Testing

@testable import SimulateAsync

/// A worker that waits for work when the run ends: on a continuation nothing resumes it breaks the run (as a
/// lost wake-up does, docs/your-own-code.md, Known gaps); one that ends on cancellation does not.
@Suite struct IdleWorkerTests {
    /// A one-slot mailbox: `next()` waits on a continuation that `put(_:)` resumes; with `endsOnCancel` a
    /// cancellation handler resumes it with nil, so the worker's loop ends.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    final class Mailbox: Sendable {
        let waiting = Mutex<CheckedContinuation<Int?, Never>?>(nil)
        let endsOnCancel: Bool

        init(endsOnCancel: Bool) { self.endsOnCancel = endsOnCancel }

        func put(_ value: Int) {
            waiting.withLock { $0.take() }?.resume(returning: value)
        }

        func next() async -> Int? {
            guard endsOnCancel else {
                return await withCheckedContinuation { continuation in waiting.withLock { $0 = continuation } }
            }
            return await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    if Task.isCancelled { return continuation.resume(returning: nil) }
                    waiting.withLock { $0 = continuation }
                }
            } onCancel: {
                waiting.withLock { $0.take() }?.resume(returning: nil)
            }
        }
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    static func run(endsOnCancel: Bool) throws -> RunResult {
        try App.run(devices: ["phone"], duration: "10s") { runtime, context, log in
            let mailbox = Mailbox(endsOnCancel: endsOnCancel)
            let clock = runtime.clock
            runtime.spawn(on: context.devices[0], "worker") {
                while let item = await mailbox.next() { log.lines.append("got \(item)") }
            }
            runtime.spawn(on: context.devices[0], "producer") {
                for item in 1...2 {
                    try await clock.sleep(for: .seconds(1))
                    mailbox.put(item)
                }
            }
        }
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func aWorkerIdleOnAPlainContinuationBreaksTheRun() throws {
        let result = try Self.run(endsOnCancel: false)
        #expect(observedLog(result) == ["got 1", "got 2"])
        #expect(
            result.failure?.message.contains(#"task "worker" is waiting on something outside the simulation"#) == true)
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func aWorkerThatEndsOnCancellationPasses() throws {
        let result = try Self.run(endsOnCancel: true)
        #expect(observedLog(result) == ["got 1", "got 2"])
        #expect(result.failure == nil)
    }
}
