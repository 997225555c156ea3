/// A one-way latency: fixed when `min == max`, else drawn uniformly from the device's network stream.
public struct LatencyRange: Sendable, Equatable {
    /// The shortest latency.
    public var minimum: VirtualDuration
    /// The longest latency (at least ``minimum``).
    public var maximum: VirtualDuration

    /// A range; a maximum below the minimum is raised to it.
    public init(minimum: VirtualDuration, maximum: VirtualDuration) {
        self.minimum = minimum
        self.maximum = max(minimum, maximum)
    }

    /// Always `latency`.
    public static func fixed(_ latency: VirtualDuration) -> LatencyRange {
        LatencyRange(minimum: latency, maximum: latency)
    }
}

/// What a link does to traffic when no fault says otherwise.
public struct LinkConditions: Sendable, Equatable {
    /// The one-way latency of each message.
    public var latency: LatencyRange
    /// Probability that one message (a request, a response, or one chunk of a stream) is lost.
    public var loss: Double
    /// Stream bytes are delivered in chunks of a size drawn uniformly from this range.
    public var chunkBytes: ClosedRange<Int>

    /// Conditions: 20 ms latency, no loss and 1…1460-byte chunks by default.
    public init(
        latency: LatencyRange = .fixed(.milliseconds(20)), loss: Double = 0, chunkBytes: ClosedRange<Int> = 1...1460
    ) {
        self.latency = latency
        self.loss = loss
        self.chunkBytes = chunkBytes
    }
}

/// Why a request failed, in URLSession's terms.
public enum NetworkError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The device had no network when the request started (`notConnectedToInternet`).
    case offline
    /// The device lost its network while the request was under way (`networkConnectionLost`).
    case connectionLost
    /// No response within the request timeout (`timedOut`).
    case timedOut

    public var description: String {
        switch self {
        case .offline: "offline"
        case .connectionLost: "connectionLost"
        case .timedOut: "timedOut"
        }
    }
}

/// Why a stream ended, as the client sees it.
public enum StreamCloseReason: String, Sendable, Equatable {
    /// The device had no network when the connection was opened.
    case offline
    /// The device lost its network while the stream was open.
    case connectionLost
    /// A lost packet reset the connection.
    case reset
    /// The server closed the stream.
    case serverClosed
    /// The server restarted and dropped every connection.
    case serverRestart
}
