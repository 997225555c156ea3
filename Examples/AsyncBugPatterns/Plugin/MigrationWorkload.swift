import AsyncBugPatterns
import Foundation
import SimulateAsync
import SimulateCore

/// At 1 s the app migrates its database from version 0 to 5 (local writes, no time passes) and, at
/// the same instant, a second launch (a widget's) checks the version flag; below 5 it waits 1 s and
/// looks again. Invariant: the second launch never opens a database whose flag says 5 with a step missing.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
enum MigrationWorkload {
    static let target = 5

    static func start(_ world: BugWorld, _ variant: Variant) {
        let store = FakeSchemaStore()
        let migrator: any Migrator =
            switch variant {
            case .buggy: EarlyFlagMigrator(store: store)
            case .fixed: InOrderMigrator(store: store)
            }
        let clock = world.clock
        world.at(.seconds(1), "migration") { await migrator.migrate(to: target) }
        world.at(.seconds(1), "second launch") {
            for _ in 0..<5 {
                if await store.version() >= target {
                    if !(await store.isComplete(upTo: target)) {
                        world.problem("the second launch opened a database flagged \(target) without step \(target)")
                    }
                    return
                }
                guard (try? await clock.sleep(for: .seconds(1))) != nil else { return }
            }
        }
    }
}

actor FakeSchemaStore: SchemaStore {
    private var flag = 0
    private var applied: Set<Int> = []

    func version() -> Int { flag }
    func setVersion(_ version: Int) { flag = version }
    func apply(step: Int) { applied.insert(step) }
    func isComplete(upTo version: Int) -> Bool { (1...version).allSatisfy(applied.contains) }
}
