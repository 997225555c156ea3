import AsyncBugPatterns
import Foundation
import SimulateAsync
import SimulateCore

/// At launch the app starts sync, and the scene becomes active at the same instant, which starts it
/// too. Invariant: one sync loop (never two upload passes at one instant).
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
enum SyncStartWorkload {
    static func start(_ world: BugWorld, _ variant: Variant) {
        let database = FakeSyncDatabase(world: world)
        let engine: any SyncStarting =
            switch variant {
            case .buggy: LateFlagSyncEngine(database: database, clock: world.clock, spawn: world.spawn)
            case .fixed: EarlyFlagSyncEngine(database: database, clock: world.clock, spawn: world.spawn)
            }
        world.at(.seconds(1), "launch") { await engine.start() }
        world.at(.seconds(1), "scene active") { await engine.start() }
    }
}

@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
final class FakeSyncDatabase: SyncDatabase, @unchecked Sendable {
    let world: BugWorld
    var lastPass: VirtualInstant?
    init(world: BugWorld) { self.world = world }

    func open() async { await Task.yield() }

    func uploadPending() async {
        if lastPass == world.context.now { world.problem("two upload passes at one instant: two sync loops") }
        lastPass = world.context.now
    }
}
