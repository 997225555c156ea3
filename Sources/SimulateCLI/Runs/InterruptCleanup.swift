import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Temporary files that an interrupted command (Ctrl-C, a CI job cancelled with SIGTERM) removes before it
/// dies: a streamed run report's `.NAME.partial` grows by hundreds of megabytes in a long sweep, and every
/// cancelled retry would leave one. The paths wait in fixed C buffers; the handler only unlinks them
/// (async-signal-safe) and passes the signal on (``SignalChain``).
enum InterruptCleanup {
    private static let slotCount = 8
    private static let slotSize = 4096
    nonisolated(unsafe) private static let paths: UnsafeMutablePointer<CChar> = {
        let paths = UnsafeMutablePointer<CChar>.allocate(capacity: slotCount * slotSize)
        paths.initialize(repeating: 0, count: slotCount * slotSize)
        return paths
    }()
    nonisolated(unsafe) private static let used: UnsafeMutablePointer<Int32> = {
        let used = UnsafeMutablePointer<Int32>.allocate(capacity: slotCount)
        used.initialize(repeating: 0, count: slotCount)
        return used
    }()
    private static let lock = NSLock()
    nonisolated(unsafe) private static var installed = false

    /// Removes `path` if the process is interrupted before ``forget(_:)``; nil when no slot is free.
    static func remember(_ path: String) -> Int? {
        let bytes = Array(path.utf8)
        guard bytes.count < slotSize else { return nil }
        return lock.withLock { () -> Int? in
            if !installed { install() }
            guard let slot = (0..<slotCount).first(where: { used[$0] == 0 }) else { return nil }
            let start = paths + slot * slotSize
            for (offset, byte) in bytes.enumerated() { start[offset] = CChar(bitPattern: byte) }
            start[bytes.count] = 0
            used[slot] = 1
            return slot
        }
    }

    /// The file was put in place or removed: nothing to clean up.
    static func forget(_ slot: Int?) {
        guard let slot else { return }
        lock.withLock { used[slot] = 0 }
    }

    private static func install() {
        installed = true
        SignalChain.install(handle, for: [SIGINT, SIGTERM, SIGHUP])
    }

    private static let handle: @convention(c) (Int32) -> Void = { signal in
        let savedErrno = errno
        defer { errno = savedErrno }
        for slot in 0..<InterruptCleanup.slotCount where InterruptCleanup.used[slot] != 0 {
            unlink(InterruptCleanup.paths + slot * InterruptCleanup.slotSize)
        }
        SignalChain.passOn(signal)
    }
}
