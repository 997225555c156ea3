import Foundation

/// A mutex for the few places the command line shares state between worker threads.
package final class Lock: @unchecked Sendable {
    package init() {}

    private let lock = NSLock()

    package func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
