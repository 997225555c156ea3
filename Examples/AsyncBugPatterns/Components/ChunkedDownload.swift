import SimulateFacades

/// The app's downloads: their chunks on disk and the library the user sees.
public protocol DownloadStore: Sendable {
    /// False once the user deleted the download.
    func isWanted(_ name: String) async -> Bool
    func writeChunk(_ index: Int, of name: String) async
    /// Moves the finished file into the library, whatever happened to it meanwhile.
    func publish(_ name: String) async
    /// Moves it into the library only when the user has not deleted it; false when they did.
    func publishIfWanted(_ name: String) async -> Bool
    func delete(_ name: String) async
}

/// Downloads a file chunk by chunk, then publishes it.
public protocol Downloader: Sendable {
    func download(_ name: String, chunks: Int) async
}

/// A deep resurrection (depth 2): the downloader checks after every chunk that the user still wants
/// the file and stops when it was deleted, but publishes without checking again, so a delete that
/// lands after the last chunk's check puts the deleted file back into the library.
public actor ResurrectingDownloader: Downloader {
    private let store: any DownloadStore

    public init(store: any DownloadStore) { self.store = store }

    public func download(_ name: String, chunks: Int) async {
        for index in 0..<chunks {
            await store.writeChunk(index, of: name)
            guard await store.isWanted(name) else { return }
        }
        await store.publish(name)
    }
}

/// The twin: publishing checks for the delete in the same call on the store's actor.
public actor CheckingDownloader: Downloader {
    private let store: any DownloadStore

    public init(store: any DownloadStore) { self.store = store }

    public func download(_ name: String, chunks: Int) async {
        for index in 0..<chunks {
            await store.writeChunk(index, of: name)
            guard await store.isWanted(name) else { return }
        }
        _ = await store.publishIfWanted(name)
    }
}
