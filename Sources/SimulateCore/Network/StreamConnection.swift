/// A long-lived connection that carries bytes from a server to a device (an HTTP response body
/// such as `text/event-stream`).
public final class StreamConnection {
    /// Unique in the run.
    public let id: Int
    /// The device the bytes go to.
    public let device: Device
    /// The server's network name.
    public let server: String
    unowned let network: Network

    /// Client side: bytes as they arrive, in chunks the network chose.
    public var onData: (([UInt8]) -> Void)?
    /// Client side: the stream ended; called at most once, never after the client closed it.
    public var onClose: ((StreamCloseReason) -> Void)?
    /// Server side: the client is gone (it closed, reset, or went offline); called at most once.
    public var onClientGone: (() -> Void)?

    var clientClosed = false
    var serverClosed = false
    /// Packets no longer get through in either direction, and neither side is told (a half-open connection).
    var silentlyDead = false
    var lastArrival = VirtualInstant.start

    init(id: Int, device: Device, server: String, network: Network) {
        self.id = id
        self.device = device
        self.server = server
        self.network = network
    }

    func releaseHandlers() {
        onData = nil
        onClose = nil
        onClientGone = nil
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
        network.closeFromClient(self)
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
