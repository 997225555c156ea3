import AsyncBugPatterns
import Foundation
import SimulateAsync
import SimulateCore

/// Two callers need a token at 30 s, when it has expired: the feed asks first, the sync loop 120 ms
/// later, the instant the refresh's answer arrives. Invariant: no refresh is refused (`invalid_grant`).
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
enum TokenCacheWorkload {
    static func start(_ world: BugWorld, _ variant: Variant) {
        let wall = world.runtime.wallClock(for: world.device)
        let server = RotatingTokenServer(world: world, latency: .milliseconds(120))
        let first = Credentials(accessToken: "a0", refreshToken: "r0", expiresAt: wall.now.addingTimeInterval(30))
        let cache: any AccessTokenProviding =
            switch variant {
            case .buggy: ReentrantTokenCache(credentials: first, endpoint: server, now: wall.dateProvider)
            case .fixed: SingleFlightTokenCache(credentials: first, endpoint: server, now: wall.dateProvider)
            }
        for (name, time) in [("feed", Duration.seconds(30)), ("sync", .milliseconds(30_120))] {
            world.at(time, name) {
                do {
                    _ = try await cache.accessToken()
                } catch {
                    world.problem("\(name): token refresh failed (\(error)): the user is signed out")
                }
            }
        }
    }
}

@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
final class RotatingTokenServer: TokenEndpoint, @unchecked Sendable {
    struct InvalidGrant: Error, CustomStringConvertible {
        var description: String { "invalid_grant: refresh token already used" }
    }
    let world: BugWorld
    let latency: Duration
    var current = "r0"
    var issued = 0

    init(world: BugWorld, latency: Duration) {
        self.world = world
        self.latency = latency
    }

    func refresh(using refreshToken: String) async throws -> Credentials {
        try await world.clock.sleep(for: latency / 2)
        let valid = refreshToken == current
        if valid {
            issued += 1
            current = "r\(issued)"
        }
        let now = world.runtime.wallClock(for: world.device).now
        let credentials = Credentials(
            accessToken: "a\(issued)", refreshToken: current, expiresAt: now.addingTimeInterval(3600))
        try await world.clock.sleep(for: latency / 2)
        guard valid else { throw InvalidGrant() }
        return credentials
    }
}
