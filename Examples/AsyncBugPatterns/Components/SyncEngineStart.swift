import SimulateFacades

/// The local database the sync engine opens before its first pass.
public protocol SyncDatabase: Sendable {
    func open() async
    func uploadPending() async
}

/// Starts the background sync loop; the app calls it at launch and whenever the scene becomes active.
public protocol SyncStarting: Sendable {
    func start() async
}

/// Double start of a sync loop (depth 2): `start()` opens the database before it marks itself
/// started, so the launch and the first `scenePhase == .active` (which arrive together) can both
/// pass the check and start two loops that upload the same changes twice.
public actor LateFlagSyncEngine: SyncStarting {
    private var started = false
    private let database: any SyncDatabase
    private let clock: any Clock<Duration>
    private let spawn: Spawn

    public init(database: any SyncDatabase, clock: any Clock<Duration>, spawn: @escaping Spawn) {
        self.database = database
        self.clock = clock
        self.spawn = spawn
    }

    public func start() async {
        guard !started else { return }
        await database.open()
        started = true
        spawn("sync loop") { [database, clock] in
            while !Task.isCancelled {
                if SimulationFault.maybe("sync pass skipped") == false { await database.uploadPending() }
                guard (try? await clock.sleep(for: .seconds(30))) != nil else { return }
            }
        }
    }
}

/// The twin: marks itself started before the first `await`.
public actor EarlyFlagSyncEngine: SyncStarting {
    private var started = false
    private let database: any SyncDatabase
    private let clock: any Clock<Duration>
    private let spawn: Spawn

    public init(database: any SyncDatabase, clock: any Clock<Duration>, spawn: @escaping Spawn) {
        self.database = database
        self.clock = clock
        self.spawn = spawn
    }

    public func start() async {
        guard !started else { return }
        started = true
        await database.open()
        spawn("sync loop") { [database, clock] in
            while !Task.isCancelled {
                if SimulationFault.maybe("sync pass skipped") == false { await database.uploadPending() }
                guard (try? await clock.sleep(for: .seconds(30))) != nil else { return }
            }
        }
    }
}
