import Foundation
import NIOCore
import NIOPosix
import SimulateCore
import Testing

@testable import SimulateSSEServe

/// What ran, in order; touched on the event loop only.
private final class Ran: @unchecked Sendable {
    var names: [String] = []
}

/// The real-time driver of `serve` and `probe` on a loaded machine.
@Suite struct RealTimeDriverTests {
    /// A step that takes longer than what is left of the run (a loaded machine, the thread sanitizer on two
    /// cores) and then delivers to two streams: both deliveries, due before the end, run before the verdict,
    /// and nothing runs after it. The first delivery's own advance used to end the run inside the step, and
    /// the second was never sent.
    @Test func aStepThatOutlastsTheEndStillDeliversToEveryStreamBeforeTheVerdict() throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer { try? group.syncShutdownGracefully() }
        let loop = group.next()
        let scheduler = Scheduler()
        let driver = RealTimeDriver(scheduler: scheduler, loop: loop, speed: 1, duration: .milliseconds(300))
        let ran = Ran()
        let verdict = loop.makePromise(of: [String].self)
        driver.onFinish = { _ in verdict.succeed(ran.names) }
        // As `ServeSession.deliver`: the write is an event of its own, then the driver advances.
        func deliver(_ name: String) {
            scheduler.schedule(at: scheduler.now) { ran.names.append(name) }
            driver.advance()
        }
        for (time, work) in [(100, 0.0), (250, 0.1)] as [(Int64, Double)] {
            scheduler.schedule(at: .start + .milliseconds(time)) {
                Thread.sleep(forTimeInterval: work)
                deliver("phone at \(time) ms")
                deliver("slow at \(time) ms")
            }
        }
        let bound = NIOLoopBoundBox.makeBoxSendingValue(driver, eventLoop: loop)
        loop.execute { bound.value.start() }
        let judged = try verdict.futureResult.wait()
        let all = try loop.submit { ran.names }.wait()
        #expect(judged == ["phone at 100 ms", "slow at 100 ms", "phone at 250 ms", "slow at 250 ms"])
        #expect(all == judged)
    }
}
