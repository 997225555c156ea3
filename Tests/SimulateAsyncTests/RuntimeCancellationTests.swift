import SimulateAsync
import SimulateCore
import Testing

/// A spawned task's own waits are cancelled by one handler around its body; its child tasks, which
/// inherit its record, keep a handler per wait. These check both sides meet at the cancel's instant.
@Suite struct RuntimeCancellationTests {
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func cancellingASpawnedTaskEndsItsChildrensSleepsToo() throws {
        let result = try App.run(duration: "100s") { runtime, context, log in
            let clock = runtime.clock
            let parent = runtime.spawn(on: context.devices[0], "parent") {
                await withTaskGroup(of: String.self) { group in
                    for name in ["a", "b"] {
                        group.addTask {
                            do {
                                try await clock.sleep(for: .seconds(60))
                                return "\(name) slept to \(clock.now)"
                            } catch {
                                return "\(name) cancelled at \(clock.now)"
                            }
                        }
                    }
                    for await line in group { log.lines.append(line) }
                }
                log.lines.append("parent ended at \(clock.now)")
            }
            runtime.spawn(on: context.devices[0], "canceller") {
                try await clock.sleep(for: .seconds(5))
                parent.cancel()
            }
        }
        #expect(result.failure == nil)
        let lines = observedLog(result)
        #expect(Set(lines.prefix(2)) == ["a cancelled at 5s", "b cancelled at 5s"])
        #expect(lines.last == "parent ended at 5s")
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func anAsyncLetChildLeftUnawaitedIsCancelledWhileItsParentGoesOn() throws {
        let result = try App.run(duration: "100s") { runtime, context, log in
            let clock = runtime.clock
            runtime.spawn(on: context.devices[0]) {
                try await clock.sleep(for: .seconds(1))
                do {
                    async let _: Void = clock.sleep(for: .seconds(60))
                    try await clock.sleep(for: .seconds(2))
                    log.lines.append("scope left at \(clock.now)")
                    // Leaving the scope cancels the child and waits for it: its sleep must end now, not at 61 s.
                }
                log.lines.append("child gone at \(clock.now)")
                try await clock.sleep(for: .seconds(1))
                log.lines.append("parent slept on to \(clock.now)")
            }
        }
        #expect(result.failure == nil)
        #expect(observedLog(result) == ["scope left at 3s", "child gone at 3s", "parent slept on to 4s"])
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func aCancelledSimulationWaitRunsItsHandlerAndThrows() throws {
        let result = try App.run(duration: "100s") { runtime, context, log in
            let clock = runtime.clock
            let waiter = runtime.spawn(on: context.devices[0], "waiter") {
                do {
                    let value: Int = try await runtime.suspend("a reply that never comes") { wait in
                        wait.onCancel { log.lines.append("handler ran at \(clock.now)") }
                    }
                    log.lines.append("got \(value)")
                } catch is CancellationError {
                    log.lines.append("threw at \(clock.now)")
                }
            }
            runtime.spawn(on: context.devices[0], "canceller") {
                try await clock.sleep(for: .seconds(7))
                waiter.cancel()
            }
        }
        #expect(result.failure == nil)
        #expect(observedLog(result) == ["handler ran at 7s", "threw at 7s"])
    }
}
