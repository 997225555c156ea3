import AsyncBugPatterns
import Foundation
import SimulateAsync
import SimulateCore

/// At 1 s the last two chunks of an episode arrive (already buffered: no time passes while they are
/// written) and the user deletes the download at the same instant. Invariant: a deleted download
/// is not in the library.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
enum ChunkedDownloadWorkload {
    static let chunks = 2

    static func start(_ world: BugWorld, _ variant: Variant) {
        let store = FakeDownloadStore()
        let downloader: any Downloader =
            switch variant {
            case .buggy: ResurrectingDownloader(store: store)
            case .fixed: CheckingDownloader(store: store)
            }
        world.at(.seconds(1), "download") { await downloader.download("episode 12", chunks: chunks) }
        world.at(.seconds(1), "delete download") { await store.delete("episode 12") }
        world.endChecks.append {
            let back = store.library.value.intersection(store.deleted.value)
            if !back.isEmpty {
                world.problem("deleted downloads are back in the library: \(back.sorted().joined(separator: ", "))")
            }
        }
    }
}

actor FakeDownloadStore: DownloadStore {
    nonisolated let library = Box<Set<String>>([])
    nonisolated let deleted = Box<Set<String>>([])
    private var chunks: [String: Set<Int>] = [:]

    func isWanted(_ name: String) -> Bool { !deleted.value.contains(name) }
    func writeChunk(_ index: Int, of name: String) { chunks[name, default: []].insert(index) }
    func publish(_ name: String) { library.value.insert(name) }

    func publishIfWanted(_ name: String) -> Bool {
        guard isWanted(name) else { return false }
        publish(name)
        return true
    }

    func delete(_ name: String) {
        deleted.value.insert(name)
        library.value.remove(name)
        chunks[name] = nil
    }
}
