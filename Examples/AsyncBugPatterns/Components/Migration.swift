import SimulateFacades

/// The on-device database's schema: its version flag and the columns each step fills.
public protocol SchemaStore: Sendable {
    func version() async -> Int
    func setVersion(_ version: Int) async
    func apply(step: Int) async
    /// True when every step up to `version` has been applied.
    func isComplete(upTo version: Int) async -> Bool
}

/// Migrates the schema step by step to `target`.
public protocol Migrator: Sendable {
    func migrate(to target: Int) async
}

/// A half-migrated flag (depth 2): the migrator writes the new version before the last step's
/// data, so a second launch that checks the flag between the two opens a database that claims
/// version `target` and lacks its last step. A check at any earlier step sees an old version and waits.
public actor EarlyFlagMigrator: Migrator {
    private let store: any SchemaStore

    public init(store: any SchemaStore) { self.store = store }

    public func migrate(to target: Int) async {
        var current = await store.version()
        while current < target - 1 {
            current += 1
            await store.apply(step: current)
            await store.setVersion(current)
        }
        if current < target {
            await store.setVersion(target)
            await store.apply(step: target)
        }
    }
}

/// The twin: every step's data is written before its version.
public actor InOrderMigrator: Migrator {
    private let store: any SchemaStore

    public init(store: any SchemaStore) { self.store = store }

    public func migrate(to target: Int) async {
        var current = await store.version()
        while current < target {
            current += 1
            await store.apply(step: current)
            await store.setVersion(current)
        }
    }
}
