import SimulateFacades

/// The device's database of the signed-in account: the session and what was uploaded.
public protocol AccountDatabase: Sendable {
    func signedInAccount() async -> String?
    func recordUploaded(_ record: String, account: String) async
    /// Marks the batch as synced for `account`, whoever is signed in.
    func markSynced(_ batch: [String], account: String) async
    /// Marks the batch as synced only when `account` is still signed in; false when it was not.
    func markSyncedIfSignedIn(_ batch: [String], account: String) async -> Bool
    /// Clears the session and wipes the account's data.
    func signOut() async
}

/// Uploads a batch of records, one `await` per record, then commits the batch.
public protocol BatchUploader: Sendable {
    func sync(_ batch: [String]) async
}

/// A deep check-then-act (depth 2, the window at the end): the uploader looks at the session before
/// every record and stops when it is signed out, but not between the last record and the commit,
/// so a sign-out that lands exactly there is followed by the commit of the old account's batch:
/// the signed-out account's records are back on the device. Any earlier sign-out stops the batch.
public actor LateCommitUploader: BatchUploader {
    private let database: any AccountDatabase

    public init(database: any AccountDatabase) { self.database = database }

    public func sync(_ batch: [String]) async {
        var account: String?
        for record in batch {
            guard let current = await database.signedInAccount() else { return }
            account = current
            await database.recordUploaded(record, account: current)
        }
        if let account { await database.markSynced(batch, account: account) }
    }
}

/// The twin: the same loop; the commit is checked and written in one call on the database's actor,
/// so no `await` separates the check from the write.
public actor GuardedCommitUploader: BatchUploader {
    private let database: any AccountDatabase

    public init(database: any AccountDatabase) { self.database = database }

    public func sync(_ batch: [String]) async {
        var account: String?
        for record in batch {
            guard let current = await database.signedInAccount() else { return }
            account = current
            await database.recordUploaded(record, account: current)
        }
        if let account { _ = await database.markSyncedIfSignedIn(batch, account: account) }
    }
}
