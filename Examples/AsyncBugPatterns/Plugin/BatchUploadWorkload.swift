import AsyncBugPatterns
import Foundation
import SimulateAsync
import SimulateCore

/// At 1 s the sync engine uploads a batch of three records of alice's (the local database answers at
/// once, so the whole batch runs at that instant) and the user signs out at the same instant.
/// Invariant: after sign-out, no record of alice's is marked synced on the device.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
enum BatchUploadWorkload {
    static let records = 3

    static func start(_ world: BugWorld, _ variant: Variant) {
        let database = FakeAccountDatabase(account: "alice")
        let uploader: any BatchUploader =
            switch variant {
            case .buggy: LateCommitUploader(database: database)
            case .fixed: GuardedCommitUploader(database: database)
            }
        let batch = (1...records).map { "record \($0)" }
        world.at(.seconds(1), "batch upload") { await uploader.sync(batch) }
        world.at(.seconds(1), "sign out") { await database.signOut() }
        world.endChecks.append {
            if database.account.value == nil, !database.synced.value.isEmpty {
                world.problem(
                    "after sign-out \(database.synced.value.count) records of alice's are marked synced on the device")
            }
        }
    }
}

actor FakeAccountDatabase: AccountDatabase {
    nonisolated let account: Box<String?>
    nonisolated let synced = Box<[String]>([])
    private var uploaded: [String] = []

    init(account: String) { self.account = Box(account) }

    func signedInAccount() -> String? { account.value }
    func recordUploaded(_ record: String, account: String) { uploaded.append(record) }
    func markSynced(_ batch: [String], account: String) { synced.value += batch }

    func markSyncedIfSignedIn(_ batch: [String], account: String) -> Bool {
        guard self.account.value == account else { return false }
        synced.value += batch
        return true
    }

    func signOut() {
        account.value = nil
        uploaded = []
        synced.value = []
    }
}
