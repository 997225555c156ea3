import AsyncBugPatterns
import Foundation
import SimulateAsync
import SimulateCore

/// At 1 s the realtime connection reconnects, subscribing five channels (a local relay answers at
/// once), and a token refresh runs at the same instant. Invariant: the connection is never live on
/// a revoked token.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
enum ReconnectRefreshWorkload {
    static let channels = 5

    static func start(_ world: BugWorld, _ variant: Variant) {
        let service = FakeRealtimeService()
        let reconnector: any Reconnector =
            switch variant {
            case .buggy: StaleTokenReconnector(service: service)
            case .fixed: CurrentTokenReconnector(service: service)
            }
        let names = (1...channels).map { "channel \($0)" }
        world.at(.seconds(1), "reconnect") { await reconnector.reconnect(channels: names) }
        world.at(.seconds(1), "token refresh") { await service.refresh() }
        world.endChecks.append {
            if let live = service.live.value, service.revoked.value.contains(live) {
                world.problem("the connection is live on the revoked token \(live)")
            }
        }
    }
}

actor FakeRealtimeService: RealtimeService {
    nonisolated let live = Box<String?>(nil)
    nonisolated let revoked = Box<Set<String>>([])
    private var current = 1
    private var subscribed: [String: String] = [:]

    func token() -> String { "token \(current)" }

    func refresh() {
        revoked.value.insert("token \(current)")
        current += 1
        if let token = live.value, revoked.value.contains(token) { live.value = nil }
    }

    func subscribe(_ channel: String, token: String) { subscribed[channel] = token }
    func goLive(token: String) { live.value = token }

    func goLiveIfCurrent(token: String) -> Bool {
        guard token == self.token() else { return false }
        live.value = token
        return true
    }
}
