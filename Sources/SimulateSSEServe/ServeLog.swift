import SimulateCore

/// What every real client did, as the server saw it: stream attempts and mutations per device.
struct ServeLog {
    enum AttemptOutcome: String, Equatable {
        /// The stream opened and the full state was written.
        case accepted
        /// Reset at once: the device was offline.
        case refused
        /// Accepted and never answered: a partition.
        case stalled
        /// Accepted, one comment, closed: the server's accept-then-close mode.
        case closedAtOnce
        /// Answered with an HTTP error or a wrong content type, then closed: an `sse` `serverError` fault.
        case answeredWithError
    }

    struct StreamAttempt: Equatable {
        var device: String
        var at: VirtualInstant
        var outcome: AttemptOutcome
        /// When the stream ended, and why (nil while open).
        var endedAt: VirtualInstant?
        var endReason: String?
        /// Whether a full-state event was written on it: a successful connect by the seed's rule.
        var gotEvent = false

        /// The client ended the stream itself: the backoff rule does not apply to what follows.
        var endedByClient: Bool { endReason == ServeLog.closedByClient || endReason == ServeLog.resetByClient }
    }

    enum MutationOutcome: Equatable {
        case applied(version: Int)
        case unknownItem
        /// The device was offline: the request was reset and never reached the items.
        case refusedOffline
        /// Partition or a lost request: no answer, nothing applied.
        case unanswered
        /// Answered with this HTTP status by an `sse` `serverError` fault; not applied.
        case serverError(status: Int)
        /// Applied, but the response was lost.
        case responseLost(version: Int)
        case badRequest(String)

        var reachedServer: Bool {
            switch self {
            case .applied, .unknownItem, .responseLost: true
            case .refusedOffline, .unanswered, .serverError, .badRequest: false
            }
        }
    }

    struct MutationRecord: Equatable {
        var device: String
        var at: VirtualInstant
        var name: String
        var detail: String
        var outcome: MutationOutcome
    }

    var attempts: [StreamAttempt] = []
    var mutations: [MutationRecord] = []
    var badRequests: [(device: String, at: VirtualInstant, message: String)] = []
    var restarts = 0
    var peakOpenStreams = 0
    /// Connections the client reset (RST, broken pipe): a client's choice or a broken network, not a
    /// malformed request.
    var clientResets: [(device: String, at: VirtualInstant, message: String)] = []
    /// Connections reset because the client left more than the cap of bytes unread.
    var overCap: [(device: String, at: VirtualInstant, unsent: Int)] = []
    /// Connections closed after the idle timeout without a request.
    var idleCloses: [(device: String, at: VirtualInstant)] = []

    /// The end reasons of a stream the client itself ended: a deliberate close (`EventSource.close()`,
    /// a page going away) or a reset, not a drop by the server or the network.
    static let closedByClient = "closed by the client"
    static let resetByClient = "reset by the client"

    func attempts(of device: String) -> [StreamAttempt] { attempts.filter { $0.device == device } }

    var devices: [String] {
        var seen: Set<String> = []
        return (attempts.map(\.device) + mutations.map(\.device)).filter { seen.insert($0).inserted }
    }
}
