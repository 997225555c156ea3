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

    /// A client on `device` in the run of `context`.
    public init(context: SimulationContext, device: Device) {
        self.context = context
        self.device = device
        runtime = SimulationRuntime.of(context)
    }

    public func data(for request: URLRequest) async throws -> (Data, URLResponse) {
        let (service, simulated, url) = try resolve(request)
        let timeout = Self.timeout(request)
        let (device, network) = (self.device, context.network)
        service.observe(.requestSent(simulated), on: device)
        let response: SimulatedHTTPResponse = try await runtime.suspend(
            "HTTP \(simulated.method) \(url.absoluteString)"
        ) { wait in
            network.request(
                from: device, to: service.serverName, timeout: timeout,
                serve: { service.serve(simulated, from: device) },
                completion: { result in
                    switch result {
                    case .success(let response):
                        service.observe(
                            .requestFinished(simulated, status: response.status, failure: nil), on: device)
                        wait.resume(returning: response)
                    case .failure(let error):
                        service.observe(.requestFinished(simulated, status: nil, failure: error), on: device)
                        wait.resume(throwing: URLError(Self.code(error), userInfo: [:]))
                    }
                })
        }
        let http = HTTPURLResponse(
            url: url, statusCode: response.status, httpVersion: "HTTP/1.1", headerFields: response.headers)!
        return (Data(response.body), http)
    }

    public func bytes(for request: URLRequest) async throws -> (HTTPBytes, URLResponse) {
        let (service, simulated, url) = try resolve(request)
        let stream = SimulatedByteStream(
            context: context, runtime: runtime, device: device, service: service,
            timeout: Self.timeout(request))
        service.observe(.streamOpened(simulated, task: AppClock.currentTaskIdentity), on: device)
        try await stream.open(simulated, step: "HTTP \(simulated.method) \(url.absoluteString): awaiting the response")
        let http = HTTPURLResponse(
            url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: ["Content-Type": "text/event-stream"])!
        return (HTTPBytes(stream), http)
    }

    private func resolve(_ request: URLRequest) throws -> (any SimulatedHTTPService, SimulatedHTTPRequest, URL) {
        guard let url = request.url, let host = url.host else { throw URLError(.badURL) }
        guard let service = context.services((any SimulatedHTTPService).self).first(where: { $0.host == host })
        else { throw URLError(.cannotFindHost) }
        let exchange = context.attachment(ExchangeCounter.self) { ExchangeCounter() }
        exchange.last += 1
        var headers: [String: String] = [:]
        for (key, value) in request.allHTTPHeaderFields ?? [:] { headers[key] = value }
        let simulated = SimulatedHTTPRequest(
            method: request.httpMethod ?? "GET", path: url.path.isEmpty ? "/" : url.path, headers: headers,
            body: request.httpBody.map { [UInt8]($0) } ?? [], exchangeID: exchange.last)
        return (service, simulated, url)
    }

    /// `URLRequest.timeoutInterval`, or URLSession's 60 s default when it is not positive.
    static func timeout(_ request: URLRequest) -> VirtualDuration {
        VirtualDuration(clampingSeconds: request.timeoutInterval > 0 ? min(request.timeoutInterval, 1e9) : 60)
    }

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
