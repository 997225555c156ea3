/// One HTTP request on the simulated network, as a server of a plugin sees it.
public struct SimulatedHTTPRequest: Sendable, Equatable {
    /// `GET`, `POST`, …
    public var method: String
    /// The URL's path, e.g. `/events`.
    public var path: String
    /// The request's header fields.
    public var headers: [String: String]
    /// The request's body.
    public var body: [UInt8]
    /// Set by the HTTP facade, unique in the run: lets a service match what it serves to what the device sent.
    public var exchangeID: Int

    /// A request; see the members.
    public init(
        method: String, path: String, headers: [String: String] = [:], body: [UInt8] = [], exchangeID: Int = 0
    ) {
        self.method = method
        self.path = path
        self.headers = headers
        self.body = body
        self.exchangeID = exchangeID
    }
}

/// A server's answer to a request that does not stream.
public struct SimulatedHTTPResponse: Sendable, Equatable {
    /// The status code.
    public var status: Int
    /// The response's header fields.
    public var headers: [String: String]
    /// The response's body.
    public var body: [UInt8]

    /// A response; no headers and an empty body by default.
    public init(status: Int, headers: [String: String] = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// What the HTTP facade saw on a device, told to the service the request went to: what the app
/// did on the wire and what came back, which is how invariants judge an app's own client.
public enum HTTPClientEvent: Sendable, Equatable {
    /// A request that does not stream left the device.
    case requestSent(SimulatedHTTPRequest)
    /// The request's answer arrived, or the request failed.
    case requestFinished(SimulatedHTTPRequest, status: Int?, failure: NetworkError?)
    /// The app opened a streamed request (`bytes(for:)`) from the task `task` (an identity that
    /// ``AppSleepObserving`` reports too).
    case streamOpened(SimulatedHTTPRequest, task: Int)
    /// The status and headers of the stream opened by the request with this exchange id arrived on the
    /// device (`bytes(for:)` returns them): a status other than 200, or a `Content-Type` other than
    /// `text/event-stream`, means the body is not the event stream.
    case streamResponse(exchangeID: Int, status: Int, headers: [String: String])
    /// Bytes of the stream opened by the request with this exchange id arrived on the device.
    case streamBytes(exchangeID: Int, [UInt8])
    /// That stream ended as the app sees it: closed by the server or the network, timed out, or
    /// cancelled by the app (`reason` nil).
    case streamEnded(exchangeID: Int, reason: StreamEndReason?)
}

/// Why a stream ended, as `URLSession` would tell the app.
public enum StreamEndReason: Sendable, Equatable {
    case closed(StreamCloseReason)
    /// No byte within the request timeout (`URLError.timedOut`).
    case timedOut
}

/// A server of a plugin that answers HTTP: the simulated side of the HTTP facade.
///
/// Requests travel over the simulated network to ``serverName`` (every fault of the link
/// applies); `serve` and `accept` run on the server when a request arrives there.
public protocol SimulatedHTTPService: AnyObject {
    /// The URL host that reaches this server, e.g. `sse` for `http://sse/events`.
    var host: String { get }
    /// The server's name on the simulated network (the `plugin` of a `serverRestart` fault).
    var serverName: String { get }
    /// Whether this request's response is a long-lived body stream (`text/event-stream`).
    func streams(_ request: SimulatedHTTPRequest) -> Bool
    /// Answers a request that does not stream.
    func serve(_ request: SimulatedHTTPRequest, from device: Device) -> SimulatedHTTPResponse
    /// Takes a streamed request's connection and writes the body to it.
    func accept(_ request: SimulatedHTTPRequest, connection: StreamConnection)
    /// What the app on `device` did and saw; called in virtual time, on the device.
    func observe(_ event: HTTPClientEvent, on device: Device)
}

extension SimulatedHTTPService {
    public func observe(_ event: HTTPClientEvent, on device: Device) {}
}

extension SimulationContext {
    /// Every enabled plugin run that offers a service, in the scenario's plugin order.
    @inlinable
    public func services<Service>(_ type: Service.Type) -> [Service] {
        // Inlined, the cast is to a type known where it is called: an unspecialized one made the array's
        // type at run time on every call (about 1,900 instructions a call; app code asks on every sleep).
        if let known = knownServices(ObjectIdentifier(type)) as? [Service] { return known }
        return findServices(type)
    }

    /// ``services(_:)``'s answer for a service type asked for before on the run's thread.
    @usableFromInline
    func knownServices(_ key: ObjectIdentifier) -> Any? {
        thread.isCurrent ? servicesByType[key] : nil
    }

    @usableFromInline
    func findServices<Service>(_ type: Service.Type) -> [Service] {
        let found = runs.compactMap { $0.run.base as? Service }
        if thread.isCurrent { servicesByType[ObjectIdentifier(type)] = found }
        return found
    }
}
