/// CloudKit's error codes (`CKError.Code`) that the simulated server and client produce, with CloudKit's numbers.
public enum CloudKitErrorCode: Int, Sendable, CaseIterable, CustomStringConvertible {
    /// Something went wrong on the server (CKError 1).
    case internalError = 1
    /// Some items of an operation failed; each item's error is in `partialErrors`.
    case partialFailure = 2
    /// The device has no network.
    case networkUnavailable = 3
    /// The request failed on the way (or its response was lost).
    case networkFailure = 4
    /// CloudKit is unavailable for a while; retry after `retryAfterSeconds`.
    case serviceUnavailable = 6
    /// Too many requests; retry after `retryAfterSeconds`.
    case requestRateLimited = 7
    /// The device has no iCloud account signed in (a `serverError` fault).
    case notAuthenticated = 9
    /// The record does not exist.
    case unknownItem = 11
    /// The request is malformed.
    case invalidArguments = 12
    /// The record changed since the client fetched it; the error carries server, client and ancestor records.
    case serverRecordChanged = 14
    /// The server rejected the request; nonrecoverable (a `serverError` fault).
    case serverRejectedRequest = 15
    /// The change token is too old: fetch the zone from the start.
    case changeTokenExpired = 21
    /// An atomic operation failed because another of its items did.
    case batchRequestFailed = 22
    /// The zone is busy with other writes; retry after `retryAfterSeconds`.
    case zoneBusy = 23
    /// The user's iCloud storage is full.
    case quotaExceeded = 25
    /// The zone does not exist.
    case zoneNotFound = 26
    /// Too many items in one operation (over 400): split it.
    case limitExceeded = 27
    /// The user deleted the zone.
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
    /// CloudKit's code for the error.
    public var code: CloudKitErrorCode
    /// What went wrong, in words.
    public var message: String
    /// `CKErrorRetryAfterKey`: set for `requestRateLimited`, `serviceUnavailable` and `zoneBusy`.
    public var retryAfterSeconds: Double?
    private var details: Details?

    /// An error; see the members.
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

    /// A `serverRecordChanged` with its records; `serverRecord` nil when the server left it out. The client's
    /// record is `clientRecord`, or the edit it was made by (made only when read).
    /// Its details object comes from `pool`: one no error holds any more, or a new one.
    init(
        serverRecordChanged message: String, serverRecord: consuming CloudRecord?, clientRecord: consuming CloudRecord?,
        clientEdit: consuming CloudRecordEdit?, ancestorRecord: consuming CloudRecord?,
        detailsFrom pool: inout ConflictDetailsPool
    ) {
        code = .serverRecordChanged
        self.message = message
        details = pool.details(
            serverRecord: serverRecord, clientRecord: clientRecord, clientEdit: clientEdit,
            ancestorRecord: ancestorRecord)
    }

    /// The details objects of the `serverRecordChanged` errors one server makes, each handed out again once
    /// no error holds it, instead of a new object per conflict: four saves in five conflict in a counter
    /// sweep, and making and freeing the object was about 4 % of its instructions (docs/performance.md).
    /// An error that is kept keeps its object: a held object is never changed, and an error changed
    /// through a setter copies it first, as it copies any shared one.
    package struct ConflictDetailsPool {
        /// Kept at most: the errors of the conflicts a server answered last are still on their way back
        /// to the clients, one per client that sent a save at the same time.
        private static let size = 8
        private var kept: ContiguousArray<Details> = []
        private var next = 0

        package init() {}

        fileprivate mutating func details(
            serverRecord: consuming CloudRecord?, clientRecord: consuming CloudRecord?,
            clientEdit: consuming CloudRecordEdit?, ancestorRecord: consuming CloudRecord?
        ) -> Details {
            var slot = kept.count
            if slot == Self.size {
                slot = next
                next = slot + 1 == Self.size ? 0 : slot + 1
                if isKnownUniquelyReferenced(&kept[slot]) {
                    let reused = kept[slot]
                    reused.serverRecord = consume serverRecord
                    reused.clientRecord = consume clientRecord
                    reused.clientEdit = consume clientEdit
                    reused.ancestorRecord = consume ancestorRecord
                    return reused
                }
            }
            let made = Details(
                items: [], serverRecord: serverRecord, clientRecord: clientRecord, clientEdit: clientEdit,
                ancestorRecord: ancestorRecord)
            if slot == kept.count { kept.append(made) } else { kept[slot] = made }
            return made
        }
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
        get { details?.client }
        set {
            update {
                $0.clientRecord = newValue
                $0.clientEdit = nil
            }
        }
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

    fileprivate final class Details: @unchecked Sendable {
        var items: [(recordID: CloudRecordID, error: CloudKitError)]
        var serverRecord: CloudRecord?
        var clientRecord: CloudRecord?
        /// The client's record as the edit it was made by, when `clientRecord` is nil.
        var clientEdit: CloudRecordEdit?
        var ancestorRecord: CloudRecord?

        var client: CloudRecord? { clientRecord ?? clientEdit?.record }

        init(
            items: [(recordID: CloudRecordID, error: CloudKitError)], serverRecord: CloudRecord?,
            clientRecord: CloudRecord?, clientEdit: CloudRecordEdit? = nil, ancestorRecord: CloudRecord?
        ) {
            self.items = items
            self.serverRecord = serverRecord
            self.clientRecord = clientRecord
            self.clientEdit = clientEdit
            self.ancestorRecord = ancestorRecord
        }

        func copy() -> Details {
            Details(
                items: items, serverRecord: serverRecord, clientRecord: clientRecord, clientEdit: clientEdit,
                ancestorRecord: ancestorRecord)
        }

        func isEqual(to other: Details?) -> Bool {
            guard let other else { return false }
            return serverRecord == other.serverRecord && client == other.client
                && ancestorRecord == other.ancestorRecord && items.count == other.items.count
                && zip(items, other.items).allSatisfy { $0.recordID == $1.recordID && $0.error == $1.error }
        }
    }
}
