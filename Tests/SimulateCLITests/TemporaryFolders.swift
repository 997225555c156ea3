import Foundation

/// Paths for the temporary folders and files the tests make, removed when the test process exits: a test
/// run leaves nothing behind in the temporary directory. A test's files stay until then, so a command a test
/// started in the background can still read them.
enum TemporaryFolders {
    private static let made = MadePaths()

    /// `NSTemporaryDirectory()`, then `prefix`, a fresh UUID and `suffix`; nothing is created there yet.
    static func path(_ prefix: String, suffix: String = "") -> String {
        let path = NSTemporaryDirectory() + prefix + UUID().uuidString + suffix
        made.add(path)
        return path
    }

    private final class MadePaths: @unchecked Sendable {
        private let lock = NSLock()
        private var paths: [String] = []

        init() {
            atexit { TemporaryFolders.made.removeAll() }
        }

        func add(_ path: String) {
            lock.withLock { paths.append(path) }
        }

        func removeAll() {
            for path in lock.withLock({ paths }) { try? FileManager.default.removeItem(atPath: path) }
        }
    }
}
