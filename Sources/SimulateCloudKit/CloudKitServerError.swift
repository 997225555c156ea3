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

    /// The documentation the plugins that run the record server publish for `serverError` faults.
    public static let documentation: [ServerErrorDoc] = [
        ServerErrorDoc(
            server: CloudKitRecordServer.networkName, error: quotaExceeded.rawValue,
            "CKError.Code.quotaExceeded (25): the devices' saves fail (the user's iCloud storage is full); deletes work"
        ),
        ServerErrorDoc(
            server: CloudKitRecordServer.networkName, error: serverRecordChangedWithoutRecord.rawValue,
            "serverRecordChanged (14) arrives without the server record: the client must fetch again"),
    ]
}

extension CloudKitRecordServer {
    func serverErrorChanged(_ fault: FaultOccurrence, active: Bool) {
        if active {
            activeServerErrors.append(fault)
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
