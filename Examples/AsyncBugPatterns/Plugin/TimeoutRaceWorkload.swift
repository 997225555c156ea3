import AsyncBugPatterns
import Foundation
import SimulateAsync
import SimulateCore

/// A request whose reply and timeout both fall due at 2 s (the server's own 2 s deadline answers
/// exactly when the client gives up). Invariant: the continuation is resumed once.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
enum TimeoutRaceWorkload {
    static func start(_ world: BugWorld, _ variant: Variant) {
        let transport = DelayedReplyTransport(world: world, delay: .seconds(2))
        let misuse = MisuseSink(world: world)
        let client: any TimedRequesting =
            switch variant {
            case .buggy:
                RacyTimedRequest(
                    transport: transport, clock: world.clock, timeout: .seconds(2), misuse: misuse, spawn: world.spawn)
            case .fixed:
                GuardedTimedRequest(
                    transport: transport, clock: world.clock, timeout: .seconds(2), misuse: misuse, spawn: world.spawn)
            }
        world.at(.seconds(1), "request") { _ = try? await client.request("GET /status") }
    }
}

/// Delivers each reply on a task of its own after `delay`, as a callback API delivers on its queue.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
final class DelayedReplyTransport: CallbackTransport, @unchecked Sendable {
    let world: BugWorld
    let delay: Duration

    init(world: BugWorld, delay: Duration) {
        self.world = world
        self.delay = delay
    }

    func send(_ request: String, reply: @escaping @Sendable (String) -> Void) {
        let clock = world.clock
        let delay = self.delay
        world.spawn("reply delivery") {
            guard (try? await clock.sleep(for: delay)) != nil else { return }
            reply("200 OK")
        }
    }
}

@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
final class MisuseSink: MisuseReporting, @unchecked Sendable {
    let world: BugWorld
    init(world: BugWorld) { self.world = world }
    func continuationMisused(_ message: String) { world.problem(message) }
}
