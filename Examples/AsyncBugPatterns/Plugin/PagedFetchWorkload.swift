import AsyncBugPatterns
import Foundation
import SimulateAsync
import SimulateCore

/// At 1 s a refresh fetches six pages of the feed (served from the device's HTTP cache at once, so
/// the whole refresh runs at that instant) and the user clears the cache at the same instant.
/// Invariant: after the reset, the cache holds nothing fetched before it.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
enum PagedFetchWorkload {
    static let pages = 6

    static func start(_ world: BugWorld, _ variant: Variant) {
        let feed = FakePagedFeed()
        let cache = GenerationCache()
        let refresher: any FeedRefresher =
            switch variant {
            case .buggy: StaleStoreRefresher(feed: feed, cache: cache)
            case .fixed: CheckedStoreRefresher(feed: feed, cache: cache)
            }
        world.at(.seconds(1), "refresh") { await refresher.refresh(pages: pages) }
        world.at(.seconds(1), "clear cache") { await cache.reset() }
        world.endChecks.append {
            let stored = cache.stored.value
            if let stale = stored, stale.generation < cache.current.value {
                world.problem(
                    "after the cache reset it holds \(stale.items.count) items fetched in generation \(stale.generation)"
                )
            }
        }
    }
}

actor FakePagedFeed: PagedFeed {
    func page(_ number: Int) -> [String] { (1...3).map { "page \(number) item \($0)" } }
}

actor GenerationCache: FeedCache {
    nonisolated let current = Box(0)
    nonisolated let stored = Box<(items: [String], generation: Int)?>(nil)

    func generation() -> Int { current.value }
    func store(_ items: [String], fetchedIn generation: Int) { stored.value = (items, generation) }

    func storeIfCurrent(_ items: [String], fetchedIn generation: Int) -> Bool {
        guard generation == current.value else { return false }
        stored.value = (items, generation)
        return true
    }

    func reset() {
        current.value += 1
        stored.value = nil
    }
}
