import SimulateCore

/// The errors a scenario's `serverError` fault can make the record server answer:
/// `{"kind": "serverError", "server": "cloudkit", "error": "quotaExceeded", "device": "phone"}`.
public enum CloudKitServerError: String, CaseIterable, Sendable {
    /// `CKError.Code.quotaExceeded` (25): every save from the fault's devices fails with it, as an
    /// item error inside `partialFailure` (deletes still go through).
    case quotaExceeded
    /// `CKError.Code.serverRecordChanged` (14) arrives without `serverRecord` (and without
    /// `ancestorRecord`) for conflicts of the fault's devices: the client must fetch the record again.
    case serverRecordChangedWithoutRecord
    /// `CKError.Code.notAuthenticated` (9): every request of the fault's devices fails with it (no iCloud
    /// account signed in) until the fault ends.
    case notAuthenticated
    /// `CKError.Code.accountTemporarilyUnavailable` (36): every request of the fault's devices fails with it
    /// (the account is signed in but not ready for CloudKit) until the fault ends.
    case accountTemporarilyUnavailable
    /// `CKError.Code.serverRejectedRequest` (15): every request of the fault's devices fails with it.
    case serverRejectedRequest
    /// `CKError.Code.serverResponseLost` (34): the server applies the devices' modify operations, and the
    /// answer is this error instead of the results.
    case serverResponseLost
    /// `CKError.Code.zoneNotFound` (26): when the fault starts, every custom zone is deleted with its
    /// records; later operations on a zone fail with it until a client saves the zone again.
    case zoneNotFound
    /// `CKError.Code.userDeletedZone` (28): as `zoneNotFound`, but the user deleted the zones (Settings →
    /// iCloud → Manage Storage), so operations fail with this code.
    case userDeletedZone
    /// `CKError.Code.changeTokenExpired` (21): when the fault starts, every database change token and every change
    /// token issued so far for every custom zone expires; the next fetch of changes with one fails with it, and the
    /// client must fetch from the start (field report 7). The fault's devices and length do not matter.
    case changeTokenExpired

    /// The error that answers a whole operation of a device under this fault (nil: the fault works otherwise).
    var operationError: CloudKitError? {
        switch self {
        case .notAuthenticated: CloudKitError(.notAuthenticated, "no iCloud account is signed in on this device")
        case .accountTemporarilyUnavailable:
            CloudKitError(.accountTemporarilyUnavailable, "the iCloud account is not ready for CloudKit yet")
        case .serverRejectedRequest: CloudKitError(.serverRejectedRequest, "the server rejected the request")
        default: nil
        }
    }

    /// The documentation the plugins that run the record server publish for `serverError` faults.
    public static let documentation: [ServerErrorDoc] = [
        ServerErrorDoc(
            server: CloudKitRecordServer.networkName, error: quotaExceeded.rawValue,
            "CKError.Code.quotaExceeded (25): the devices' saves fail (the user's iCloud storage is full); deletes work"
        ),
        ServerErrorDoc(
            server: CloudKitRecordServer.networkName, error: serverRecordChangedWithoutRecord.rawValue,
            "serverRecordChanged (14) arrives without the server record: the client must fetch again"),
        ServerErrorDoc(
            server: CloudKitRecordServer.networkName, error: notAuthenticated.rawValue,
            "CKError.Code.notAuthenticated (9): every request of the devices fails (no iCloud account signed in)"),
        ServerErrorDoc(
            server: CloudKitRecordServer.networkName, error: accountTemporarilyUnavailable.rawValue,
            "CKError.Code.accountTemporarilyUnavailable (36): every request of the devices fails (the account is "
                + "not ready for CloudKit; retry once it is available)"),
        ServerErrorDoc(
            server: CloudKitRecordServer.networkName, error: serverRejectedRequest.rawValue,
            "CKError.Code.serverRejectedRequest (15): every request of the devices fails (nonrecoverable)"),
        ServerErrorDoc(
            server: CloudKitRecordServer.networkName, error: serverResponseLost.rawValue,
            "CKError.Code.serverResponseLost (34): the server applies the devices' saves and deletes, and they get "
                + "this error instead of the results (consult the server's state)"),
        ServerErrorDoc(
            server: CloudKitRecordServer.networkName, error: zoneNotFound.rawValue, actsAtStart: true,
            "CKError.Code.zoneNotFound (26): at the start every custom zone is deleted with its records; "
                + "operations on it fail until a client saves the zone again"),
        ServerErrorDoc(
            server: CloudKitRecordServer.networkName, error: userDeletedZone.rawValue, actsAtStart: true,
            "CKError.Code.userDeletedZone (28): the user deleted every custom zone (with its records) at the start; "
                + "operations on it fail until a client saves the zone again"),
        ServerErrorDoc(
            server: CloudKitRecordServer.networkName, error: changeTokenExpired.rawValue, actsAtStart: true,
            "CKError.Code.changeTokenExpired (21): at the start every change token of every custom zone, and every "
                + "database change token, expires; the next fetch of changes with one fails, and the client must "
                + "fetch from the start"),
    ]
}

extension CloudKitRecordServer {
    func serverErrorChanged(_ fault: FaultOccurrence, active: Bool) {
        if active {
            activeServerErrors.append(fault)
            if let error = fault.error.flatMap(CloudKitServerError.init(rawValue:)),
                error == .zoneNotFound || error == .userDeletedZone
            {
                for zoneID in zones.keys.sorted() { deleteZone(zoneID, byUser: error == .userDeletedZone) }
            }
            if fault.error == CloudKitServerError.changeTokenExpired.rawValue {
                for zoneID in zones.keys.sorted() { expireChangeTokens(in: zoneID) }
                databaseEpoch += 1
            }
        } else {
            activeServerErrors.removeAll { $0.ordinal == fault.ordinal }
        }
        hasServerErrors = !activeServerErrors.isEmpty
    }

    /// Whether a `serverError` fault of this kind is under way for this requester (a device id; server-side
    /// calls without one are never affected).
    func serverError(_ error: CloudKitServerError, affects requester: String?) -> Bool {
        guard let requester else { return false }
        return activeServerErrors.contains { $0.error == error.rawValue && $0.deviceIDs.contains(requester) }
    }
}

extension CloudKitRecordServer {
    /// The error an account or rejection fault answers this requester's whole operation with, if any.
    func accountError(_ requester: String?) -> CloudKitError? {
        guard hasServerErrors, let requester else { return nil }
        for fault in activeServerErrors.reversed() where fault.deviceIDs.contains(requester) {
            if let error = fault.error.flatMap(CloudKitServerError.init(rawValue:))?.operationError { return error }
        }
        return nil
    }

    /// A `serverResponseLost` fault answers this requester's applied modify with error 34.
    func losesResponse(to requester: String?) -> Bool {
        hasServerErrors && serverError(.serverResponseLost, affects: requester)
    }

    static let responseLost = CloudKitError(
        .serverResponseLost, "the connection failed before the response: the change may have been applied")
}
