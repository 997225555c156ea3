import Dispatch
import Foundation
import SimulateAsync
import SimulateCore
import Testing

/// Tasks that wait on something outside the simulation break the run (exit status 3) with a message
/// naming the device and the task's last known step; never a hang, never a pass.
@Suite struct RuntimeEscapeTests {
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func aContinuationNeverResumedBreaksTheRun() throws {
        let result = try App.run(devices: ["phone"]) { runtime, context, log in
            runtime.spawn(on: context.devices[0], "sync") {
                try await runtime.clock.sleep(for: .seconds(3))
                SimulationRuntime.step("waiting for the upload callback")
                await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in }
            }
        }
        let message = try #require(result.failure?.message)
        #expect(!result.passed)
        #expect(message.contains(#"device "phone", task "sync""#))
        #expect(message.contains(#"last known step: "waiting for the upload callback" since 3s"#))
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test(arguments: [0, 50])
    func aHopToADispatchQueueBreaksTheRun(delayMilliseconds: Int) throws {
        // The queue resumes "fetch" only once it has suspended: resumed before its await, the task
        // would go on without a hop at all (a real-time race that heavy load used to win).
        let suspended = DispatchSemaphore(value: 0)
        let result = try App.run(devices: ["phone", "pad"]) { runtime, context, log in
            runtime.spawn(on: context.devices[1], "fetch") {
                try await runtime.clock.sleep(for: .seconds(2))
                await withCheckedContinuation { continuation in
                    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(delayMilliseconds)) {
                        _ = suspended.wait(timeout: .now() + .seconds(60))
                        continuation.resume()
                    }
                }
                log.lines.append("back from the queue")
            }
            // Busy work so that the run lasts a while in real time. The simulation runs one job at a
            // time, so once the ticker runs after 2 s, "fetch" has suspended on its continuation.
            runtime.spawn(on: context.devices[0], "ticker") {
                var signalled = false
                for _ in 0..<50_000 {
                    try await runtime.clock.sleep(for: .milliseconds(1))
                    if !signalled && runtime.clock.now.instant > .start + .seconds(2) {
                        signalled = true
                        suspended.signal()
                    }
                }
            }
        }
        let message = try #require(result.failure?.message)
        #expect(observedLog(result).isEmpty)
        #expect(
            message.contains(#"device "pad", task "fetch" is waiting on something outside the simulation"#)
                || message.contains("enqueued on the simulation's executor from a thread outside the simulation"))
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func aRealTimeSleepBreaksTheRun() throws {
        let result = try App.run(devices: ["phone"]) { runtime, context, log in
            runtime.spawn(on: context.devices[0], "poll") {
                try await runtime.clock.sleep(for: .seconds(1))
                try await Task.sleep(for: .seconds(30))
                log.lines.append("slept in real time")
            }
        }
        let message = try #require(result.failure?.message)
        #expect(
            message.contains(
                #"device "phone", task "poll" slept on the system clock ContinuousClock (until "#))
        #expect(message.contains(#"at 1s; its last known step: "sleep until 1s", resumed at 1s"#))
        #expect(observedLog(result).isEmpty)
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func anUnstructuredTaskBreaksTheRun() throws {
        let result = try App.run(devices: ["phone"]) { runtime, context, log in
            runtime.spawn(on: context.devices[0], "refresh") {
                try await runtime.clock.sleep(for: .seconds(1))
                Task { log.value += 1 }
                try await runtime.clock.sleep(for: .seconds(1))
            }
        }
        let message = try #require(result.failure?.message)
        #expect(message.contains(#"device "phone", task "refresh" started an unstructured task"#))
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func aHopToTheMainActorBreaksTheRun() throws {
        let result = try App.run(devices: ["phone"]) { runtime, context, log in
            runtime.spawn(on: context.devices[0], "ui") {
                try await runtime.clock.sleep(for: .seconds(1))
                await MainActor.run { _ = 1 }
                log.lines.append("back from the main actor")
            }
        }
        let message = try #require(result.failure?.message)
        #expect(message.contains(#"device "phone", task "ui" is waiting on something outside the simulation"#))
        #expect(observedLog(result).isEmpty)
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func aCleanRunHasNoFailure() throws {
        let result = try App.run { runtime, context, log in
            let (stream, continuation) = AsyncStream<Int>.makeStream()
            runtime.spawn(on: context.devices[0], "producer") {
                for value in 0..<3 {
                    try await runtime.clock.sleep(for: .seconds(1))
                    continuation.yield(value)
                }
            }
            runtime.spawn(on: context.devices[0], "consumer") {
                // Still waiting on the stream at the end: another simulated task could still feed it.
                for await value in stream { log.lines.append("got \(value)") }
            }
        }
        #expect(result.failure == nil, "\(result.failure?.message ?? "")")
        #expect(observedLog(result) == ["got 0", "got 1", "got 2"])
    }
}
