import SimulateFacades

/// The realtime service: it issues tokens (a refresh replaces the token and revokes the old one),
/// subscribes channels, and takes the connection live with a token.
public protocol RealtimeService: Sendable {
    func token() async -> String
    func refresh() async
    func subscribe(_ channel: String, token: String) async
    /// Goes live with `token`, whether or not it is still the current one.
    func goLive(token: String) async
    /// Goes live only when `token` is still the current one; false when it was replaced.
    func goLiveIfCurrent(token: String) async -> Bool
}

/// Reconnects: subscribes every channel, then goes live.
public protocol Reconnector: Sendable {
    func reconnect(channels: [String]) async
}

/// A deep stale token (depth 2): the reconnect loop checks after every subscription that the token
/// was not refreshed (and starts over with the new one when it was), but goes live without checking
/// again, so a refresh that lands in its last window leaves the connection live on a revoked token.
public actor StaleTokenReconnector: Reconnector {
    private let service: any RealtimeService

    public init(service: any RealtimeService) { self.service = service }

    public func reconnect(channels: [String]) async {
        var token = await service.token()
        var index = 0
        while index < channels.count {
            await service.subscribe(channels[index], token: token)
            let now = await service.token()
            if now != token {
                token = now
                index = 0
            } else {
                index += 1
            }
        }
        await service.goLive(token: token)
    }
}

/// The twin: goes live only with the current token, checked in the same call on the service's
/// actor, and starts over when it was refreshed.
public actor CurrentTokenReconnector: Reconnector {
    private let service: any RealtimeService

    public init(service: any RealtimeService) { self.service = service }

    public func reconnect(channels: [String]) async {
        var token = await service.token()
        while true {
            var index = 0
            while index < channels.count {
                await service.subscribe(channels[index], token: token)
                let now = await service.token()
                if now != token {
                    token = now
                    index = 0
                } else {
                    index += 1
                }
            }
            if await service.goLiveIfCurrent(token: token) { return }
            token = await service.token()
        }
    }
}
