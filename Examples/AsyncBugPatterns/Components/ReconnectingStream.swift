import SimulateFacades

/// Opens the event stream (`URLSession.bytes(for:)` on `/events`) and returns when it ends.
public protocol EventStreamTransport: Sendable {
    func stream() async throws
}

/// The wait before the next reconnect attempt.
public protocol ReconnectBackoff: Sendable {
    func nextDelay() async -> Duration
    func reset() async
}

/// An SSE client's reconnect: two events can ask for it at once, the stream's end and the network
/// path coming back (`NWPathMonitor` reports `.satisfied`).
public protocol Reconnecting: Sendable {
    func connectionLost() async
}

/// Two concurrent reconnect loops (depth 2): the "already reconnecting" flag is set only after the
/// backoff policy was asked for the delay, so a second trigger that runs its check during that
/// `await` starts a second loop, and the client holds two streams.
public actor RacyReconnector: Reconnecting {
    private var reconnecting = false
    private let transport: any EventStreamTransport
    private let backoff: any ReconnectBackoff
    private let clock: any Clock<Duration>
    private let spawn: Spawn

    public init(
        transport: any EventStreamTransport, backoff: any ReconnectBackoff, clock: any Clock<Duration>,
        spawn: @escaping Spawn
    ) {
        self.transport = transport
        self.backoff = backoff
        self.clock = clock
        self.spawn = spawn
    }

    public func connectionLost() async {
        guard !reconnecting else { return }
        let delay = await backoff.nextDelay()
        reconnecting = true
        spawn("reconnect") { [self] in await loop(firstDelay: delay) }
    }

    private func loop(firstDelay: Duration) async {
        var delay = firstDelay
        while !Task.isCancelled {
            do {
                try await clock.sleep(for: delay)
                try await transport.stream()
                await backoff.reset()
            } catch is CancellationError {
                break
            } catch {}
            delay = await backoff.nextDelay()
        }
        reconnecting = false
    }
}

/// The twin: the flag is set in the same actor turn as the check.
public actor SerialReconnector: Reconnecting {
    private var reconnecting = false
    private let transport: any EventStreamTransport
    private let backoff: any ReconnectBackoff
    private let clock: any Clock<Duration>
    private let spawn: Spawn

    public init(
        transport: any EventStreamTransport, backoff: any ReconnectBackoff, clock: any Clock<Duration>,
        spawn: @escaping Spawn
    ) {
        self.transport = transport
        self.backoff = backoff
        self.clock = clock
        self.spawn = spawn
    }

    public func connectionLost() async {
        guard !reconnecting else { return }
        reconnecting = true
        let delay = await backoff.nextDelay()
        spawn("reconnect") { [self] in await loop(firstDelay: delay) }
    }

    private func loop(firstDelay: Duration) async {
        var delay = firstDelay
        while !Task.isCancelled {
            do {
                try await clock.sleep(for: delay)
                try await transport.stream()
                await backoff.reset()
            } catch is CancellationError {
                break
            } catch {}
            delay = await backoff.nextDelay()
        }
        reconnecting = false
    }
}
