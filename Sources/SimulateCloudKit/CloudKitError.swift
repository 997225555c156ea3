/// CloudKit's error codes (`CKError.Code`) that the simulated server and client produce, with CloudKit's numbers.
public enum CloudKitErrorCode: Int, Sendable, CaseIterable, CustomStringConvertible {
    case internalError = 1
    case partialFailure = 2
    case networkUnavailable = 3
    case networkFailure = 4
    case serviceUnavailable = 6
    case requestRateLimited = 7
    /// The device has no iCloud account signed in (a `serverError` fault).
    case notAuthenticated = 9
    case unknownItem = 11
    case invalidArguments = 12
    case serverRecordChanged = 14
    /// The server rejected the request; nonrecoverable (a `serverError` fault).
    case serverRejectedRequest = 15
    case changeTokenExpired = 21
    case batchRequestFailed = 22
    case zoneBusy = 23
    case quotaExceeded = 25
    case zoneNotFound = 26
    case limitExceeded = 27
    case userDeletedZone = 28
    /// The connection dropped before the response: the outcome is unknown (a `serverError` fault, and what
    /// the facade's database reports for a lost answer to a write the server applied).
    case serverResponseLost = 34
    /// The account is signed in but not ready for CloudKit yet (a `serverError` fault).
    case accountTemporarilyUnavailable = 36

    /// CloudKit's name: `serverRecordChanged`.
    public var description: String {
        switch self {
        case .internalError: "internalError"
        case .partialFailure: "partialFailure"
        case .networkUnavailable: "networkUnavailable"
        case .networkFailure: "networkFailure"
        case .serviceUnavailable: "serviceUnavailable"
        case .requestRateLimited: "requestRateLimited"
        case .notAuthenticated: "notAuthenticated"
        case .unknownItem: "unknownItem"
        case .invalidArguments: "invalidArguments"
        case .serverRecordChanged: "serverRecordChanged"
        case .serverRejectedRequest: "serverRejectedRequest"
        case .changeTokenExpired: "changeTokenExpired"
        case .batchRequestFailed: "batchRequestFailed"
        case .zoneBusy: "zoneBusy"
        case .quotaExceeded: "quotaExceeded"
        case .zoneNotFound: "zoneNotFound"
        case .limitExceeded: "limitExceeded"
        case .userDeletedZone: "userDeletedZone"
        case .serverResponseLost: "serverResponseLost"
        case .accountTemporarilyUnavailable: "accountTemporarilyUnavailable"
        }
    }

    /// Errors a client should retry later (after `retryAfterSeconds` when given). `serverResponseLost`:
    /// Apple's `CKError.Code.serverResponseLost` says to retry idempotent operations (a save with
    /// `ifServerRecordUnchanged` is: a repeat fails with `serverRecordChanged`);
    /// `accountTemporarilyUnavailable`: retry once the account is available (`CKAccountChanged`).
    public var isTransient: Bool {
        switch self {
        case .networkUnavailable, .networkFailure, .serviceUnavailable, .requestRateLimited, .zoneBusy,
            .serverResponseLost, .accountTemporarilyUnavailable:
            true
        default: false
        }
    }
}

/// An error as CloudKit reports it (`CKError`): a code, a message, and the code's extra information.
///
/// A small value: the records and per-item errors live in shared storage, copied only when changed.
public struct CloudKitError: Error, Sendable, Equatable, CustomStringConvertible {
    public var code: CloudKitErrorCode
    public var message: String
    /// `CKErrorRetryAfterKey`: set for `requestRateLimited`, `serviceUnavailable` and `zoneBusy`.
    public var retryAfterSeconds: Double?
    private var details: Details?

    public init(
        _ code: CloudKitErrorCode, _ message: String = "", retryAfterSeconds: Double? = nil,
        partialErrors: [CloudRecordID: CloudKitError] = [:], serverRecord: CloudRecord? = nil,
        clientRecord: CloudRecord? = nil, ancestorRecord: CloudRecord? = nil
    ) {
        self.code = code
        self.message = message
        self.retryAfterSeconds = retryAfterSeconds
        let items = partialErrors.sorted { $0.key < $1.key }.map { (recordID: $0.key, error: $0.value) }
        if !items.isEmpty || serverRecord != nil || clientRecord != nil || ancestorRecord != nil {
            details = Details(
                items: items, serverRecord: serverRecord, clientRecord: clientRecord, ancestorRecord: ancestorRecord)
        }
    }

    /// A `serverRecordChanged` with its records; `serverRecord` nil when the server left it out.
    init(
        serverRecordChanged message: String, serverRecord: CloudRecord?, clientRecord: CloudRecord,
        ancestorRecord: CloudRecord?
    ) {
        code = .serverRecordChanged
        self.message = message
        details = Details(
            items: [], serverRecord: serverRecord, clientRecord: clientRecord, ancestorRecord: ancestorRecord)
    }

    /// A `partialFailure` from per-item errors in request order.
    init(partialFailure items: [(recordID: CloudRecordID, error: CloudKitError)]) {
        code = .partialFailure
        message = "some items failed"
        details = Details(items: items, serverRecord: nil, clientRecord: nil, ancestorRecord: nil)
    }

    /// `CKPartialErrorsByItemIDKey`: the error of each failed item of a `partialFailure`.
    public var partialErrors: [CloudRecordID: CloudKitError] {
        get {
            Dictionary((details?.items ?? []).map { ($0.recordID, $0.error) }, uniquingKeysWith: { first, _ in first })
        }
        set { update { $0.items = newValue.sorted { $0.key < $1.key }.map { (recordID: $0.key, error: $0.value) } } }
    }

    /// The failed items of a `partialFailure`, in request order.
    public var partialErrorItems: [(recordID: CloudRecordID, error: CloudKitError)] { details?.items ?? [] }

    /// `serverRecordChanged` only: the record as the server has it.
    public var serverRecord: CloudRecord? {
        get { details?.serverRecord }
        set { update { $0.serverRecord = newValue } }
    }

    /// `serverRecordChanged` only: the record the client sent.
    public var clientRecord: CloudRecord? {
        get { details?.clientRecord }
        set { update { $0.clientRecord = newValue } }
    }

    /// `serverRecordChanged` only: the server's version the client's copy was based on (nil when the
    /// server no longer keeps it).
    public var ancestorRecord: CloudRecord? {
        get { details?.ancestorRecord }
        set { update { $0.ancestorRecord = newValue } }
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
        guard code == .partialFailure else { return self }
        return details?.items.first { $0.recordID == recordID }?.error
    }

    public static func == (a: CloudKitError, b: CloudKitError) -> Bool {
        a.code == b.code && a.message == b.message && a.retryAfterSeconds == b.retryAfterSeconds
            && (a.details === b.details || a.details?.isEqual(to: b.details) ?? (b.details == nil))
    }

    private mutating func update(_ change: (Details) -> Void) {
        if details == nil {
            details = Details(items: [], serverRecord: nil, clientRecord: nil, ancestorRecord: nil)
        } else if !isKnownUniquelyReferenced(&details) {
            details = details?.copy()
        }
        if let details { change(details) }
    }

    private final class Details: @unchecked Sendable {
        var items: [(recordID: CloudRecordID, error: CloudKitError)]
        var serverRecord: CloudRecord?
        var clientRecord: CloudRecord?
        var ancestorRecord: CloudRecord?

        init(
            items: [(recordID: CloudRecordID, error: CloudKitError)], serverRecord: CloudRecord?,
            clientRecord: CloudRecord?, ancestorRecord: CloudRecord?
        ) {
            self.items = items
            self.serverRecord = serverRecord
            self.clientRecord = clientRecord
            self.ancestorRecord = ancestorRecord
        }

        func copy() -> Details {
            Details(
                items: items, serverRecord: serverRecord, clientRecord: clientRecord, ancestorRecord: ancestorRecord)
        }

        func isEqual(to other: Details?) -> Bool {
            guard let other else { return false }
            return serverRecord == other.serverRecord && clientRecord == other.clientRecord
                && ancestorRecord == other.ancestorRecord && items.count == other.items.count
                && zip(items, other.items).allSatisfy { $0.recordID == $1.recordID && $0.error == $1.error }
        }
    }
}
