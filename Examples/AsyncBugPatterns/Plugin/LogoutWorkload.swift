import AsyncBugPatterns
import Foundation
import SimulateAsync
import SimulateCore

/// The account syncs a page every 5 s (each takes 200 ms to arrive); the user signs out at 10.6 s,
/// the instant the third page arrives. Invariant: after sign-out, no data of the account is on the device.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
enum LogoutWorkload {
    static func start(_ world: BugWorld, _ variant: Variant) {
        let api = FakeFeed(world: world)
        let store = AccountStore()
        let signedOut = Box(false)
        let sync: any AccountSync =
            switch variant {
            case .buggy: UncheckedAccountSync(api: api, store: store, clock: world.clock)
            case .fixed: CheckedAccountSync(api: api, store: store, clock: world.clock)
            }
        let task = world.runtime.spawn(on: world.device, "account sync") { await sync.run(account: "alice") }
        world.at(.zero, "sync setup") { await sync.started(cancel: { task.cancel() }) }
        world.at(.milliseconds(10_600), "sign out") {
            await sync.signOut()
            signedOut.value = true
        }
        world.endChecks.append {
            if signedOut.value, let page = store.contents.value {
                world.problem("after sign-out the store holds \(page.account)'s \(page.items.count) items")
            }
        }
    }
}

@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
final class FakeFeed: FeedAPI, @unchecked Sendable {
    let world: BugWorld
    var served = 0
    init(world: BugWorld) { self.world = world }

    func fetchPage(account: String) async throws -> Page {
        try await world.clock.sleep(for: .milliseconds(200))
        served += 1
        return Page(account: account, items: (1...served).map { "item \($0)" })
    }
}

actor AccountStore: LocalStore {
    nonisolated let contents = Box<Page?>(nil)
    func apply(_ page: Page) { contents.value = page }
    func wipe() { contents.value = nil }
}
