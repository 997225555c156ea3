import SimulateFacades

/// The server's feed, page by page.
public protocol PagedFeed: Sendable {
    func page(_ number: Int) async -> [String]
}

/// The app's cache of the feed; a reset (account switch, "clear cache") empties it and starts a new generation.
public protocol FeedCache: Sendable {
    func generation() async -> Int
    func store(_ items: [String], fetchedIn generation: Int) async
    /// Stores only when `generation` is still the cache's; false when a reset came in between.
    func storeIfCurrent(_ items: [String], fetchedIn generation: Int) async -> Bool
    func reset() async
}

/// Fetches every page, then stores them in the cache.
public protocol FeedRefresher: Sendable {
    func refresh(pages: Int) async
}

/// A deep stale write (depth 2): the refresher checks the cache's generation after every page and
/// gives up when a reset came, but stores without checking again, so a reset that lands between
/// the last page's check and the store is followed by the store of the old generation's pages.
public actor StaleStoreRefresher: FeedRefresher {
    private let feed: any PagedFeed
    private let cache: any FeedCache

    public init(feed: any PagedFeed, cache: any FeedCache) {
        self.feed = feed
        self.cache = cache
    }

    public func refresh(pages: Int) async {
        let started = await cache.generation()
        var items: [String] = []
        for number in 1...pages {
            items += await feed.page(number)
            guard await cache.generation() == started else { return }
        }
        await cache.store(items, fetchedIn: started)
    }
}

/// The twin: the store itself compares generations on the cache's actor.
public actor CheckedStoreRefresher: FeedRefresher {
    private let feed: any PagedFeed
    private let cache: any FeedCache

    public init(feed: any PagedFeed, cache: any FeedCache) {
        self.feed = feed
        self.cache = cache
    }

    public func refresh(pages: Int) async {
        let started = await cache.generation()
        var items: [String] = []
        for number in 1...pages {
            items += await feed.page(number)
            guard await cache.generation() == started else { return }
        }
        _ = await cache.storeIfCurrent(items, fetchedIn: started)
    }
}
