import Foundation
import SimulateAsync
import SimulateCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One streamed response on the simulated network, from the device's side: bytes wait here until the
/// app reads them. The request timeout starts over whenever bytes arrive (`URLSession`'s
/// `timeoutIntervalForRequest`); when it passes without any, the stream fails with `timedOut`.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
final class SimulatedByteStream: HTTPChunkSource, @unchecked Sendable {
    private let context: SimulationContext
    private let runtime: SimulationRuntime
    private let device: Device
    private let service: any SimulatedHTTPService
    private let timeout: VirtualDuration
    private var connection: StreamConnection?
    // @exclusivity(unchecked) on purpose (docs/performance.md): appended to once per delivered chunk, on the
    // run's thread.
    /// Bytes received and not yet read, every chunk the network delivered since the last read.
    @exclusivity(unchecked) private var buffered: [UInt8] = []
    /// nil while open; then `.success` for a clean end, or the error the app sees next.
    private var end: Result<Void, URLError>?
    private var waiter: SimulationContinuation<Void>?
    private var lastActivity = VirtualInstant.start
    private var timerPending = false
    /// The pending timeout event, cancelled when the stream ends so it does not fire for nothing later.
    private var timer: EventHandle?
    private var exchangeID = 0
    /// The response's status and headers, once they arrived.
    private(set) var head: StreamResponseHead?
    /// The stream ended while the app was suspended: the end waits for the foreground.
    private var endHeld = false

    init(
        context: SimulationContext, runtime: SimulationRuntime, device: Device, service: any SimulatedHTTPService,
        timeout: VirtualDuration
    ) {
        self.context = context
        self.runtime = runtime
        self.device = device
        self.service = service
        self.timeout = timeout
    }

    /// Opens the connection and waits for the response: the first bytes, or the failure.
    func open(_ request: SimulatedHTTPRequest, step: String) async throws {
        let service = self.service
        exchangeID = request.exchangeID
        lastActivity = context.now
        let connection = context.network.openStream(from: device, to: service.serverName) { connection in
            service.accept(request, connection: connection)
        }
        connection.onResponse = { [self] head in responded(head) }
        connection.onData = { [self] bytes in received(bytes) }
        connection.onClose = { [self] reason in closed(reason) }
        self.connection = connection
        armTimer()
        while head == nil, end == nil, buffered.isEmpty { try await wait(step) }
        if head == nil {
            if case .failure(let error)? = end { throw error }
            // A service that sends no head: its first bytes stand for `200 text/event-stream`.
            head = StreamResponseHead(status: 200, headers: ["Content-Type": "text/event-stream"])
        }
    }

    func nextChunk() async throws -> [UInt8]? {
        while buffered.isEmpty {
            switch end {
            case .success?: return nil
            case .failure(let error)?: throw error
            case nil: try await wait("reading the response body")
            }
        }
        // Every chunk already here, as one: the app reads bytes, not the network's chunks, and one read per
        // wake-up instead of one per chunk saves a call through the source and a task switch for each.
        defer { buffered = [] }
        return buffered
    }

    func cancel() {
        guard end == nil else { return }
        end = .failure(URLError(.cancelled))
        connection?.close()
        connection = nil
        service.observe(.streamEnded(exchangeID: exchangeID, reason: nil), on: device)
        ended()
    }

    private func wait(_ step: String) async throws {
        guard end == nil, buffered.isEmpty else { return }
        do {
            try await runtime.suspend(step) { (wait: SimulationContinuation<Void>) in
                waiter = wait
                wait.onCancel { [self] in
                    waiter = nil
                    cancel()
                }
            }
        } catch is CancellationError {
            cancel()
            throw CancellationError()
        }
    }

    /// The stream ended (`end` is set): its timeout has nothing left to watch.
    private func ended() {
        if let timer { context.scheduler.cancel(timer) }
        timer = nil
        timerPending = false
        wake()
    }

    private func wake() {
        let waiter = self.waiter
        self.waiter = nil
        waiter?.resume(returning: ())
    }

    /// The status line and headers arrived: `bytes(for:)` returns them, as `URLSession` returns at
    /// `urlSession(_:dataTask:didReceive:completionHandler:)`, before any body byte.
    private func responded(_ head: StreamResponseHead) {
        guard end == nil, self.head == nil else { return }
        lastActivity = context.now
        self.head = head
        service.observe(.streamResponse(exchangeID: exchangeID, status: head.status, headers: head.headers), on: device)
        wake()
    }

    private func received(_ bytes: [UInt8]) {
        guard end == nil else { return }
        lastActivity = context.now
        buffered.appendReceived(bytes)
        service.observe(.streamBytes(exchangeID: exchangeID, bytes), on: device)
        wake()
    }

    private func closed(_ reason: StreamCloseReason) {
        guard end == nil, !endHeld else { return }
        connection = nil
        let hub = LifecycleHub.of(context)
        if hub.isSuspended(device) {
            // The app is suspended: it hears of the end (and the judge sees it) when it returns.
            endHeld = true
            hub.whenActive(device) { [self] in
                endHeld = false
                closed(reason)
            }
            return
        }
        switch reason {
        case .serverClosed: end = .success(())
        case .offline: end = .failure(URLError(.notConnectedToInternet))
        case .connectionLost, .reset, .serverRestart: end = .failure(URLError(.networkConnectionLost))
        }
        service.observe(.streamEnded(exchangeID: exchangeID, reason: .closed(reason)), on: device)
        ended()
    }

    private func armTimer() {
        guard !timerPending else { return }
        timerPending = true
        timer = context.scheduler.schedule(at: lastActivity.addingClamped(timeout)) { [self] in
            timerPending = false
            timer = nil
            guard end == nil, !endHeld else { return }
            guard context.now - lastActivity >= timeout else { return armTimer() }
            end = .failure(URLError(.timedOut))
            connection?.close()
            connection = nil
            service.observe(.streamEnded(exchangeID: exchangeID, reason: .timedOut), on: device)
            ended()
        }
    }
}
