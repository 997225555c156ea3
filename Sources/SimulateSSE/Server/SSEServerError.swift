import SimulateCore

/// The answers a scenario's `serverError` fault can make the Punchlist server give the fault's devices:
/// `{"kind": "serverError", "server": "sse", "error": "serviceUnavailable", "device": "phone"}`.
/// The reference client and an app reached through the HTTP facade see the same answer; `simulate serve`
/// gives it on its sockets.
public enum SSEServerError: String, CaseIterable, Sendable {
    /// `503 Service Unavailable` (with `Retry-After: 5`) to the stream request and to every mutation: the
    /// stream ends after the head, the mutation is not applied.
    case serviceUnavailable
    /// `500 Internal Server Error` to the stream request and to every mutation.
    case internalServerError
    /// `200 OK` with `Content-Type: text/html` and an HTML page, then the connection closes: a captive
    /// portal or a misconfigured proxy answering the stream request. Mutations are not affected.
    case wrongContentType

    /// The status and headers of the stream's answer, and its body.
    package var streamAnswer: (head: StreamResponseHead, body: [UInt8]) {
        switch self {
        case .serviceUnavailable:
            (StreamResponseHead(status: 503, headers: ["Content-Type": "text/plain", "Retry-After": "5"]), [])
        case .internalServerError: (StreamResponseHead(status: 500, headers: ["Content-Type": "text/plain"]), [])
        case .wrongContentType:
            (
                StreamResponseHead(status: 200, headers: ["Content-Type": "text/html"]),
                Array("<html><body>Sign in to the network</body></html>\n".utf8)
            )
        }
    }

    /// The status a mutation gets under the fault, nil when it is served as usual.
    package var mutationStatus: Int? {
        switch self {
        case .serviceUnavailable: 503
        case .internalServerError: 500
        case .wrongContentType: nil
        }
    }

    static let documentation: [ServerErrorDoc] = [
        ServerErrorDoc(
            server: SSEServer.name, error: serviceUnavailable.rawValue,
            "503 Service Unavailable (Retry-After: 5) to the devices' stream requests and mutations; the stream "
                + "ends after the head"),
        ServerErrorDoc(
            server: SSEServer.name, error: internalServerError.rawValue,
            "500 Internal Server Error to the devices' stream requests and mutations; the stream ends after the head"),
        ServerErrorDoc(
            server: SSEServer.name, error: wrongContentType.rawValue,
            "200 with Content-Type text/html and an HTML page to the devices' stream requests (a captive portal), "
                + "then the connection closes"),
    ]
}

/// The `serverError` faults under way on the Punchlist server.
final class SSEServerErrors {
    private var active: [FaultOccurrence] = []

    func changed(_ fault: FaultOccurrence, active isActive: Bool) {
        if isActive { active.append(fault) } else { active.removeAll { $0.ordinal == fault.ordinal } }
    }

    /// The latest fault under way for this device.
    func error(for device: Device) -> SSEServerError? {
        guard !active.isEmpty else { return nil }
        return active.last { $0.deviceIDs.contains(device.id) }.flatMap { $0.error.flatMap(SSEServerError.init) }
    }
}
