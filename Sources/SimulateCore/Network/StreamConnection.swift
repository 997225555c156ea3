/// A long-lived connection that carries bytes from a server to a device (an HTTP response body
/// such as `text/event-stream`).
///
/// The client's callbacks (`onData`, `onResponse`, `onClose`) are let go once the client side is closed,
/// by ``close()`` or by the network before it calls `onClose`: they may capture the client strongly, and a server
/// that has not heard of the close yet keeps the connection.
public final class StreamConnection {
    /// Unique in the run.
    public let id: Int
    /// The device the bytes go to.
    public let device: Device
    /// The server's network name.
    public let server: String
    unowned let network: Network

    // The callbacks and flags every delivered chunk reads are @exclusivity(unchecked) on purpose
    // (docs/performance.md): a run is single-threaded, and each read or write is a plain one.
    /// Client side: bytes as they arrive, in chunks the network chose.
    @exclusivity(unchecked) public var onData: (([UInt8]) -> Void)?
    /// Client side: the same chunks, each a slice of the bytes the server sent, without a copy of its own.
    /// When set, it is called instead of ``onData``.
    @exclusivity(unchecked) public var onBytes: ((ArraySlice<UInt8>) -> Void)?
    /// Client side: the stream ended; called at most once, never after the client closed it.
    public var onClose: ((StreamCloseReason) -> Void)?
    /// Server side: the client is gone (it closed, reset, or went offline); called at most once.
    public var onClientGone: (() -> Void)?
    /// Client side: the response's status line and headers arrived (before any body byte). Only a client
    /// that sets it is told, so clients that read bytes only cost no extra events.
    @exclusivity(unchecked) public var onResponse: ((StreamResponseHead) -> Void)?
    /// The head the server sent that has not left yet: it travels with the body's first bytes when they
    /// are sent in the same instant, else on its own.
    var pendingHead: StreamResponseHead?

    @exclusivity(unchecked) var clientClosed = false
    var serverClosed = false
    /// Packets no longer get through in either direction, and neither side is told (a half-open connection).
    @exclusivity(unchecked) var silentlyDead = false
    var lastArrival = VirtualInstant.start
    /// Whether the client had set `onResponse` before its callbacks were let go (``releaseClientHandlers()``).
    private var readHeadsBeforeClosing = false

    init(id: Int, device: Device, server: String, network: Network) {
        self.id = id
        self.device = device
        self.server = server
        self.network = network
    }

    func releaseHandlers() {
        releaseClientHandlers()
        onClientGone = nil
    }

    /// The client side is closed, and its callbacks are never called again: let go of them. They hold the
    /// client's objects, and a server that has not heard of the close yet (or never will, across an
    /// outage) still holds this connection; kept, a client object that holds the run would keep it alive.
    func releaseClientHandlers() {
        if onResponse != nil { readHeadsBeforeClosing = true }
        onData = nil
        onBytes = nil
        onClose = nil
        onResponse = nil
    }

    /// Server side: sends the response's status and headers ahead of the body.
    public func respond(status: Int, headers: [String: String]) {
        guard !serverClosed, !silentlyDead, onResponse != nil || readHeadsBeforeClosing else { return }
        pendingHead = StreamResponseHead(status: status, headers: headers)
        network.scheduleHead(on: self)
    }

    /// The head to hand the client with the next thing that arrives, if any.
    func takeHead() -> StreamResponseHead? {
        defer { pendingHead = nil }
        return pendingHead
    }

    /// Server side: writes bytes to the client.
    public func send(_ bytes: [UInt8]) {
        guard !serverClosed, !silentlyDead else { return }
        network.deliver(bytes, on: self)
    }

    /// Server side: ends the stream; the client sees `.serverClosed` after the bytes already sent.
    public func closeFromServer() {
        guard !serverClosed else { return }
        serverClosed = true
        onClientGone = nil
        network.closeFromServer(self, reason: .serverClosed)
    }

    /// Client side: closes the stream; the server hears of it one latency later, if packets get through.
    public func close() {
        guard !clientClosed else { return }
        clientClosed = true
        releaseClientHandlers()
        network.closeFromClient(self)
    }

    /// The client side ended without the client closing it: its callbacks are let go, then `onClose` is told.
    func notifyClientClosed(_ reason: StreamCloseReason) {
        let handler = onClose
        releaseClientHandlers()
        handler?(reason)
    }

    func notifyClientGone() {
        let handler = onClientGone
        onClientGone = nil
        handler?()
    }

    /// The device closed the stream.
    public var isClosedByClient: Bool { clientClosed }
    /// The server closed the stream.
    public var isClosedByServer: Bool { serverClosed }
}

/// The status line and headers of a streamed response.
public struct StreamResponseHead: Sendable, Equatable {
    public var status: Int
    public var headers: [String: String]

    public init(status: Int, headers: [String: String]) {
        self.status = status
        self.headers = headers
    }
}
