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

    func attempts(of device: String) -> [StreamAttempt] { attempts.filter { $0.device == device } }

    var devices: [String] {
        var seen: Set<String> = []
        return (attempts.map(\.device) + mutations.map(\.device)).filter { seen.insert($0).inserted }
    }
}
