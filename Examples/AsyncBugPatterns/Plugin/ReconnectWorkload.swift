import AsyncBugPatterns
import Foundation
import SimulateAsync
import SimulateCore

/// At 10 s the stream ends and the network path comes back at the same instant; both ask to
/// reconnect. Invariant: never more than one open stream.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
enum ReconnectWorkload {
    static func start(_ world: BugWorld, _ variant: Variant) {
        let transport = FakeEventStream(world: world)
        let backoff = DoublingBackoff()
        let client: any Reconnecting =
            switch variant {
            case .buggy: RacyReconnector(transport: transport, backoff: backoff, clock: world.clock, spawn: world.spawn)
            case .fixed:
                SerialReconnector(transport: transport, backoff: backoff, clock: world.clock, spawn: world.spawn)
            }
        world.at(.seconds(10), "stream ended") { await client.connectionLost() }
        world.at(.seconds(10), "path satisfied") { await client.connectionLost() }
    }
}

@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
final class FakeEventStream: EventStreamTransport, @unchecked Sendable {
    let world: BugWorld
    var open = 0

    init(world: BugWorld) { self.world = world }

    func stream() async throws {
        try await world.clock.sleep(for: .milliseconds(50))
        open += 1
        if open > 1 { world.problem("\(open) event streams open at once: two reconnect loops") }
        defer { open -= 1 }
        try await world.clock.sleep(for: .seconds(120))
    }
}

actor DoublingBackoff: ReconnectBackoff {
    private var next = Duration.seconds(1)
    func nextDelay() -> Duration {
        defer { next = min(next * 2, .seconds(30)) }
        return next
    }
    func reset() { next = .seconds(1) }
}
