/// The simulated network: per-device links to named servers, with latency, loss and faults.
///
/// Requests are exchanges of one message each way; streams carry bytes from a server to a
/// device in seeded chunks. Everything is delivered through the scheduler, so it is ordered and
/// reproducible.
public final class Network {
    let scheduler: Scheduler
    let trace: Trace
    /// The conditions of every link when no fault says otherwise.
    public let defaults: LinkConditions
    private let links: [Link]
    /// The same links, lent to each request without reference counting: `links` holds them for the network's life.
    // Unmanaged on purpose (docs/performance.md): reading `links[i]` for a request retained and released the link.
    private let unretainedLinks: [Unmanaged<Link>]
    private var nextID = 0
    private var connectivityObservers: [(Device, Bool) -> Void] = []
    private var restartHandlers: [String: [() -> Void]] = [:]
    private var serverErrorHandlers: [String: [(FaultOccurrence, Bool) -> Void]] = [:]
    private var activeOrdinals: Set<Int> = []
    private var lifecycleObservers: [(Device, Bool) -> Void] = []
    /// Per device: the `background` faults under way (their ordinals).
    private var backgroundFaults: [[Int]]
    private let chunkDeliveries = ChunkDeliveries()

    /// A network of one link per device, each with its own random stream (`network/<device>`) split from `runSeed`.
    public init(scheduler: Scheduler, trace: Trace, devices: [Device], defaults: LinkConditions, runSeed: UInt64) {
        self.scheduler = scheduler
        self.trace = trace
        self.defaults = defaults
        links = devices.map {
            Link(device: $0, defaults: defaults, random: SeededRandom(runSeed: runSeed, label: "network/\($0.id)"))
        }
        unretainedLinks = links.map { .passUnretained($0) }
        backgroundFaults = Array(repeating: [], count: devices.count)
    }

    // MARK: State

    /// Whether an `offline` fault is on the device now.
    public func isOffline(_ device: Device) -> Bool { links[device.index].isOffline }
    /// Whether a `partition` fault is on the device now.
    public func isPartitioned(_ device: Device) -> Bool { links[device.index].isPartitioned }
    /// Whether a fault drops the device's responses now (the server still applies the request).
    public func dropsResponses(_ device: Device) -> Bool { links[device.index].dropsResponses }

    /// Called with (device, isOnline) whenever a device goes offline or comes back, as the OS would report it.
    /// Partitions are silent and are not reported.
    public func observeConnectivity(_ observer: @escaping (Device, Bool) -> Void) {
        connectivityObservers.append(observer)
    }

    /// Whether the app on the device is in the background (a `background` fault): suspended.
    public func isInBackground(_ device: Device) -> Bool { !backgroundFaults[device.index].isEmpty }

    /// Called with (device, true) when the app on a device goes to the background, (device, false) when it
    /// returns to the foreground.
    public func observeLifecycle(_ observer: @escaping (Device, Bool) -> Void) {
        lifecycleObservers.append(observer)
    }

    /// Called with (fault, true) when a `serverError` fault naming this server starts, (fault, false) when it ends.
    public func onServerError(_ server: String, _ handler: @escaping (FaultOccurrence, Bool) -> Void) {
        serverErrorHandlers[server, default: []].append(handler)
    }

    /// Called when a `serverRestart` fault names this server.
    public func onServerRestart(_ server: String, _ handler: @escaping () -> Void) {
        restartHandlers[server, default: []].append(handler)
    }

    /// Forgets every observer and handler, and the requests and streams still under way when the run
    /// ended: each may hold the run's objects, and a plugin's object that holds the context back (a
    /// completion that captures its run) would otherwise keep the whole run alive.
    func releaseRunObjects() {
        connectivityObservers.removeAll()
        lifecycleObservers.removeAll()
        restartHandlers.removeAll()
        serverErrorHandlers.removeAll()
        for link in links { link.release() }
        chunkDeliveries.removeAll()
    }

    func makeID() -> Int {
        nextID += 1
        return nextID
    }

    func link(_ device: Device) -> Link { links[device.index] }

    // MARK: Requests

    /// Sends one request from a device to a server. `serve` runs on the server when the request
    /// arrives; `completion` runs exactly once on the device: with the response, or with an error.
    /// A negative `timeout` is a programming error and stops the process.
    public func request<Response>(
        from device: Device, to server: String, timeout: VirtualDuration,
        serve: @escaping () -> Response,
        completion: @escaping (Result<Response, NetworkError>) -> Void
    ) {
        request(
            ClosureExchange(serve: serve, completion: completion), from: device, to: server, timeout: timeout)
    }

    /// Sends one request that is its own payload and callbacks (see ``RequestExchange``): `serve()` runs on
    /// the server when it arrives; `complete(_:)` runs exactly once on the device. Send each exchange once.
    public func request(
        _ exchange: RequestExchange, from device: Device, to server: String, timeout: VirtualDuration
    ) {
        unretainedLinks[device.index]._withUnsafeGuaranteedRef { link in
            exchange.send(timeout: timeout, network: self, link: link, server: server)
        }
    }

    // MARK: Streams

    /// Opens a stream from a device to a server. `accept` runs on the server when the connection
    /// arrives; the server then writes with `send`. The client sees bytes through `onData`.
    public func openStream(
        from device: Device, to server: String, accept: @escaping (StreamConnection) -> Void
    ) -> StreamConnection {
        let link = links[device.index]
        let connection = StreamConnection(id: makeID(), device: device, server: server, network: self)
        if link.isOffline {
            connection.clientClosed = true
            connection.serverClosed = true
            scheduler.schedule(after: .zero) { connection.notifyClientClosed(.offline) }
            return connection
        }
        link.streams[connection.id] = connection
        if link.isPartitioned || link.sampleLoss() {
            connection.silentlyDead = true
            trace.instant(device.id, "network", "connect.lost", "to \(server)")
            return connection
        }
        scheduler.schedule(after: link.sampleLatency()) {
            guard !connection.clientClosed, !connection.silentlyDead else { return }
            guard !link.blocksTraffic else {
                connection.silentlyDead = true
                return
            }
            accept(connection)
        }
        return connection
    }

    func deliver(_ bytes: [UInt8], on connection: StreamConnection) {
        let link = links[connection.device.index]
        if link.isPartitioned || link.dropsResponses {
            connection.silentlyDead = true
            trace.instant(connection.device.id, "network", "stream.stalled", "from \(connection.server)")
            return
        }
        let latency = link.sampleLatency()
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + max(1, link.sampleChunkSize()))
            let arrival = max(scheduler.now + latency, connection.lastArrival)
            connection.lastArrival = arrival
            if link.sampleLoss() {
                connection.serverClosed = true
                trace.instant(connection.device.id, "network", "stream.reset", "from \(connection.server)")
                scheduler.schedule(at: arrival) { [self] in
                    closeBothSides(connection, reason: .reset)
                }
                return
            }
            chunkDeliveries.schedule(
                bytes, start..<end, head: connection.takeHead(), on: connection, at: arrival, in: scheduler)
            start = end
        }
    }

    /// A head the server sent travels with body bytes sent in the same instant; when none follow, it
    /// leaves on its own at the end of the instant.
    func scheduleHead(on connection: StreamConnection) {
        scheduler.schedule(after: .zero) { [self] in
            guard connection.pendingHead != nil, !connection.serverClosed else { return }
            let link = links[connection.device.index]
            if link.isPartitioned || link.dropsResponses {
                connection.pendingHead = nil
                connection.silentlyDead = true
                return
            }
            let arrival = max(scheduler.now + link.sampleLatency(), connection.lastArrival)
            connection.lastArrival = arrival
            let head = connection.takeHead()
            scheduler.schedule(at: arrival) {
                guard !connection.clientClosed, !connection.silentlyDead, let head else { return }
                connection.onResponse?(head)
            }
        }
    }

    func closeFromServer(_ connection: StreamConnection, reason: StreamCloseReason) {
        let link = links[connection.device.index]
        if link.blocksTraffic || link.dropsResponses { connection.silentlyDead = true }
        let arrival = max(scheduler.now + link.sampleLatency(), connection.lastArrival)
        let head = connection.takeHead()
        scheduler.schedule(at: arrival) { [self] in
            guard !connection.clientClosed, !connection.silentlyDead else { return }
            if let head { connection.onResponse?(head) }
            connection.clientClosed = true
            links[connection.device.index].streams[connection.id] = nil
            connection.notifyClientClosed(reason)
        }
    }

    func closeFromClient(_ connection: StreamConnection) {
        let link = links[connection.device.index]
        link.streams[connection.id] = nil
        guard !connection.serverClosed else { return }
        if link.blocksTraffic || connection.silentlyDead { return }
        scheduler.schedule(after: link.sampleLatency()) {
            guard !connection.serverClosed else { return }
            connection.serverClosed = true
            connection.notifyClientGone()
        }
    }

    private func closeBothSides(_ connection: StreamConnection, reason: StreamCloseReason) {
        links[connection.device.index].streams[connection.id] = nil
        let clientWasOpen = !connection.clientClosed
        connection.clientClosed = true
        connection.serverClosed = true
        connection.notifyClientGone()
        if clientWasOpen { connection.notifyClientClosed(reason) }
    }

    // MARK: Faults

    /// Starts a fault now. For `serverRestart` it drops the server's connections at once.
    public func begin(_ fault: FaultOccurrence) {
        let devices = links.filter { fault.deviceIDs.contains($0.device.id) }
        if fault.kind == .serverRestart, let server = fault.plugin {
            trace.instant("server:\(server)", "fault", "serverRestart")
            restartServer(server)
            return
        }
        activeOrdinals.insert(fault.ordinal)
        if fault.kind == .serverError, let server = fault.server {
            trace.begin("server:\(server)", "fault", "serverError", fault.error ?? "")
            for handler in serverErrorHandlers[server] ?? [] { handler(fault, true) }
            return
        }
        if fault.kind == .background {
            for link in devices { beginBackground(link, fault) }
            return
        }
        for link in devices {
            let wasOffline = link.isOffline
            link.activeFaults.append(fault)
            link.recompute()
            trace.begin(link.device.id, "fault", "fault.\(fault.kind.rawValue)")
            switch fault.kind {
            case .offline where !wasOffline:
                goOffline(link)
            case .partition, .dropResponses:
                for connection in link.streams.values where fault.kind == .partition {
                    connection.silentlyDead = true
                }
            default:
                break
            }
        }
    }

    /// Ends a fault now.
    public func end(_ fault: FaultOccurrence) {
        guard activeOrdinals.remove(fault.ordinal) != nil else { return }
        if fault.kind == .serverError, let server = fault.server {
            for handler in serverErrorHandlers[server] ?? [] { handler(fault, false) }
            trace.end("server:\(server)", "fault", "serverError")
            return
        }
        if fault.kind == .background {
            for link in links where fault.deviceIDs.contains(link.device.id) { endBackground(link, fault) }
            return
        }
        for link in links where fault.deviceIDs.contains(link.device.id) {
            let wasOffline = link.isOffline
            link.activeFaults.removeAll { $0.ordinal == fault.ordinal }
            link.recompute()
            trace.end(link.device.id, "fault", "fault.\(fault.kind.rawValue)")
            if wasOffline && !link.isOffline {
                for observer in connectivityObservers { observer(link.device, true) }
            }
        }
    }

    private func goOffline(_ link: Link) {
        let exchanges = link.exchanges
        link.exchanges.removeAll()
        for exchange in exchanges {
            // Held for the call: finishing cancels the request's pending events, and a request lost on the
            // way (its timeout its only event) was held by nothing else.
            let request = exchange.takeUnretainedValue()
            withExtendedLifetime(request) { request.abort(.connectionLost) }
        }
        let streams = link.streams.sorted { $0.key < $1.key }.map(\.value)
        for connection in streams {
            closeBothSides(connection, reason: .connectionLost)
        }
        for observer in connectivityObservers { observer(link.device, false) }
    }

    /// iOS suspends an app in the background and reclaims its sockets: the device's open streams end
    /// (`connectionLost`; an app component hears of it when it returns, its facade holds it until then).
    private func beginBackground(_ link: Link, _ fault: FaultOccurrence) {
        let index = link.device.index
        let wasInBackground = !backgroundFaults[index].isEmpty
        backgroundFaults[index].append(fault.ordinal)
        guard !wasInBackground else { return }
        trace.begin(link.device.id, "fault", "fault.background")
        for observer in lifecycleObservers { observer(link.device, true) }
        let streams = link.streams.sorted { $0.key < $1.key }.map(\.value)
        for connection in streams { closeBothSides(connection, reason: .connectionLost) }
    }

    private func endBackground(_ link: Link, _ fault: FaultOccurrence) {
        let index = link.device.index
        guard let position = backgroundFaults[index].firstIndex(of: fault.ordinal) else { return }
        backgroundFaults[index].remove(at: position)
        guard backgroundFaults[index].isEmpty else { return }
        trace.end(link.device.id, "fault", "fault.background")
        for observer in lifecycleObservers { observer(link.device, false) }
    }

    private func restartServer(_ server: String) {
        for link in links {
            let streams = link.streams.sorted { $0.key < $1.key }.map(\.value)
            for connection in streams where connection.server == server && !connection.serverClosed {
                connection.serverClosed = true
                connection.notifyClientGone()
                closeFromServer(connection, reason: .serverRestart)
            }
        }
        for handler in restartHandlers[server] ?? [] { handler() }
    }
}
