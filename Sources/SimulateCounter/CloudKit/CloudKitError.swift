/// CloudKit's error codes (`CKError.Code`) that the simulated server and client produce, with CloudKit's numbers.
public enum CloudKitErrorCode: Int, Sendable, CaseIterable, CustomStringConvertible {
    case internalError = 1
    case partialFailure = 2
    case networkUnavailable = 3
    case networkFailure = 4
    case serviceUnavailable = 6
    case requestRateLimited = 7
    case unknownItem = 11
    case invalidArguments = 12
    case serverRecordChanged = 14
    case changeTokenExpired = 21
    case batchRequestFailed = 22
    case zoneBusy = 23
    case zoneNotFound = 26
    case limitExceeded = 27
    case userDeletedZone = 28

    /// CloudKit's name: `serverRecordChanged`.
    public var description: String {
        switch self {
        case .internalError: "internalError"
        case .partialFailure: "partialFailure"
        case .networkUnavailable: "networkUnavailable"
        case .networkFailure: "networkFailure"
        case .serviceUnavailable: "serviceUnavailable"
        case .requestRateLimited: "requestRateLimited"
        case .unknownItem: "unknownItem"
        case .invalidArguments: "invalidArguments"
        case .serverRecordChanged: "serverRecordChanged"
        case .changeTokenExpired: "changeTokenExpired"
        case .batchRequestFailed: "batchRequestFailed"
        case .zoneBusy: "zoneBusy"
        case .zoneNotFound: "zoneNotFound"
        case .limitExceeded: "limitExceeded"
        case .userDeletedZone: "userDeletedZone"
        }
    }

    /// Errors a client should retry later (after `retryAfterSeconds` when given).
    public var isTransient: Bool {
        switch self {
        case .networkUnavailable, .networkFailure, .serviceUnavailable, .requestRateLimited, .zoneBusy: true
        default: false
        }
    }
}

/// An error as CloudKit reports it (`CKError`): a code, a message, and the code's extra information.
public struct CloudKitError: Error, Sendable, Equatable, CustomStringConvertible {
    public var code: CloudKitErrorCode
    public var message: String
    /// `CKErrorRetryAfterKey`: set for `requestRateLimited`, `serviceUnavailable` and `zoneBusy`.
    public var retryAfterSeconds: Double?
    /// `CKPartialErrorsByItemIDKey`: the error of each failed item of a `partialFailure`.
    public var partialErrors: [CloudRecordID: CloudKitError]
    /// `serverRecordChanged` only: the record as the server has it, the record the client sent, and the
    /// server's version the client's copy was based on (nil when the server no longer keeps it).
    public var serverRecord: CloudRecord?
    public var clientRecord: CloudRecord?
    public var ancestorRecord: CloudRecord?

    public init(
        _ code: CloudKitErrorCode, _ message: String = "", retryAfterSeconds: Double? = nil,
        partialErrors: [CloudRecordID: CloudKitError] = [:], serverRecord: CloudRecord? = nil,
        clientRecord: CloudRecord? = nil, ancestorRecord: CloudRecord? = nil
    ) {
        self.code = code
        self.message = message
        self.retryAfterSeconds = retryAfterSeconds
        self.partialErrors = partialErrors
        self.serverRecord = serverRecord
        self.clientRecord = clientRecord
        self.ancestorRecord = ancestorRecord
    }

    /// `serverRecordChanged (14): record to save is older than the server's`.
    public var description: String {
        var text = "\(code) (\(code.rawValue))"
        if !message.isEmpty { text += ": \(message)" }
        if let retryAfterSeconds { text += ", retry after \(retryAfterSeconds) s" }
        return text
    }

    /// The error of one item: its own entry in `partialErrors` for a `partialFailure`, else this error.
    public func error(for recordID: CloudRecordID) -> CloudKitError? {
        code == .partialFailure ? partialErrors[recordID] : self
    }
}
