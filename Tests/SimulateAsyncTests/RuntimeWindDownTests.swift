import SimulateAsync
import SimulateCore
import Testing

/// At the end of a run every task is cancelled, including a task that a cancelled task starts on its
/// way out (as an app starts the next queued request): left waiting, it would hold the run's objects.
@Suite struct RuntimeWindDownTests {
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func aTaskStartedWhileTheRunWindsDownIsCancelledToo() throws {
        let result = try App.run(devices: ["phone"], duration: "10s") { runtime, context, log in
            let device = context.devices[0]
            runtime.spawn(on: device, "first") {
                do {
                    try await runtime.clock.sleep(for: .seconds(3600))
                } catch {
                    log.lines.append("first cancelled")
                    runtime.spawn(on: device, "next") {
                        do {
                            try await runtime.clock.sleep(for: .seconds(3600))
                        } catch {
                            log.lines.append("next cancelled")
                        }
                    }
                }
            }
        }
        #expect(result.failure == nil)
        #expect(observedLog(result) == ["first cancelled", "next cancelled"])
    }
}
