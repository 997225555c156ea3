import Foundation
import SimulateAsync
import SimulateCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// ``HTTPClient`` over the simulated network: a request to `http://<host>/…` goes to the plugin
/// server that answers that host (`sse` for the Punchlist backend), over the device's link, so the
/// scenario's latency, loss, partitions, offline periods and dropped responses all apply, and the
/// trace shows it. Errors are `URLError`s with the codes `URLSession` uses.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
public struct SimulatedHTTPClient: HTTPClient, @unchecked Sendable {
    let context: SimulationContext
    let runtime: SimulationRuntime
    /// The device whose link the requests travel.
    public let device: Device

    /// `URLSessionConfiguration.timeoutIntervalForRequest` of the session the app would use: the wait for
    /// the next data of a request that leaves `URLRequest.timeoutInterval` at its default.
    public let timeoutIntervalForRequest: TimeInterval

    /// A client as a session with this configuration: its `timeoutIntervalForRequest` applies (the
    /// configuration's other settings are not simulated).
    public init(
        context: SimulationContext, device: Device, configuration: URLSessionConfiguration = .default
    ) {
        self.context = context
        self.device = device
        timeoutIntervalForRequest = configuration.timeoutIntervalForRequest
        runtime = SimulationRuntime.of(context)
    }

    public func data(for request: URLRequest) async throws -> (Data, URLResponse) {
        let (service, simulated, url) = try resolve(request)
        let timeout = timeout(request)
        let (device, network) = (self.device, context.network)
        service.observe(.requestSent(simulated), on: device)
        let hub = LifecycleHub.of(context)
        let response: SimulatedHTTPResponse = try await runtime.suspend(
            "HTTP \(simulated.method) \(url.absoluteString)"
        ) { wait in
            network.request(
                from: device, to: service.serverName, timeout: timeout,
                serve: { service.serve(simulated, from: device) },
                completion: { result in
                    // A suspended app hears the answer when it returns to the foreground.
                    hub.whenActive(device) {
                        switch result {
                        case .success(let response):
                            service.observe(
                                .requestFinished(simulated, status: response.status, failure: nil), on: device)
                            wait.resume(returning: response)
                        case .failure(let error):
                            service.observe(.requestFinished(simulated, status: nil, failure: error), on: device)
                            wait.resume(throwing: URLError(Self.code(error), userInfo: [:]))
                        }
                    }
                })
        }
        let http = HTTPResponseHeads.of(context).response(url: url, status: response.status, headers: response.headers)
        return (Data(response.body), http)
    }

    public func bytes(for request: URLRequest) async throws -> (HTTPBytes, URLResponse) {
        let (service, simulated, url) = try resolve(request)
        let stream = SimulatedByteStream(
            context: context, runtime: runtime, device: device, service: service,
            timeout: timeout(request))
        service.observe(.streamOpened(simulated, task: AppClock.currentTaskIdentity), on: device)
        try await stream.open(simulated, step: "HTTP \(simulated.method) \(url.absoluteString): awaiting the response")
        let head = stream.head ?? StreamResponseHead(status: 200, headers: [:])
        let http = HTTPResponseHeads.of(context).response(url: url, status: head.status, headers: head.headers)
        return (HTTPBytes(stream), http)
    }

    private func resolve(_ request: URLRequest) throws -> (any SimulatedHTTPService, SimulatedHTTPRequest, URL) {
        guard let url = request.url, let host = url.host else { throw URLError(.badURL) }
        guard let service = context.services((any SimulatedHTTPService).self).first(where: { $0.host == host })
        else { throw URLError(.cannotFindHost) }
        let exchange = context.attachment(ExchangeCounter.self) { ExchangeCounter() }
        exchange.last += 1
        let path = url.path
        let simulated = SimulatedHTTPRequest(
            method: request.httpMethod ?? "GET", path: path.isEmpty ? "/" : path,
            headers: request.allHTTPHeaderFields ?? [:],
            body: request.httpBody.map { [UInt8]($0) } ?? [], exchangeID: exchange.last)
        return (service, simulated, url)
    }

    /// `URLRequest.timeoutInterval` when the request sets one; a request left at `URLRequest`'s default
    /// (60 s, which cannot be told from an explicit 60) takes the session's `timeoutIntervalForRequest`.
    func timeout(_ request: URLRequest) -> VirtualDuration {
        VirtualDuration(
            clampingSeconds: min(Self.requestTimeout(request, sessionTimeout: timeoutIntervalForRequest), 1e9))
    }

    /// The seconds a request waits for its next data: its own `timeoutInterval` unless it is left at the
    /// default (or not positive), else `sessionTimeout`, else 60.
    public static func requestTimeout(_ request: URLRequest, sessionTimeout: TimeInterval) -> TimeInterval {
        var seconds = request.timeoutInterval
        if seconds == defaultRequestTimeout || !(seconds > 0) { seconds = sessionTimeout }
        return seconds > 0 ? seconds : defaultRequestTimeout
    }

    /// `URLRequest.timeoutInterval`'s default ("The default timeout interval is 60 seconds").
    static let defaultRequestTimeout: TimeInterval = 60

    static func code(_ error: NetworkError) -> URLError.Code {
        switch error {
        case .offline: .notConnectedToInternet
        case .connectionLost: .networkConnectionLost
        case .timedOut: .timedOut
        }
    }
}

/// Numbers the run's HTTP exchanges, so servers can match what they serve to what a device sent.
final class ExchangeCounter {
    var last = 0
}
