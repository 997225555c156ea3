import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Temporary files that an interrupted command (Ctrl-C, a CI job cancelled with SIGTERM) removes before it
/// dies: a streamed run report's `.NAME.partial` grows by hundreds of megabytes in a long sweep, and every
/// cancelled retry would leave one. The paths wait in fixed C buffers; the handler only unlinks them
/// (async-signal-safe), puts back the handler that was there before and raises the signal again.
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
    nonisolated(unsafe) private static let previous: UnsafeMutablePointer<sigaction> = {
        let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
        previous.initialize(repeating: sigaction(), count: 65)
        return previous
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
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            // A signal the parent ignores (a background job's SIGINT, nohup's SIGHUP) stays ignored.
            sigaction(signal, nil, previous + Int(signal))
            if isIgnored(previous[Int(signal)]) { continue }
            sigaddset(&unblocked, signal)
            var action = sigaction()
            #if canImport(Glibc)
                action.__sigaction_handler.sa_handler = InterruptCleanup.handle
            #else
                action.__sigaction_u.__sa_handler = InterruptCleanup.handle
            #endif
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, nil)
        }
        // A parent may have started this process with them blocked (a test runner does).
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
    }

    /// Whether `action` is `SIG_IGN` (the C macro, `(void (*)(int)) 1`, is not imported).
    private static func isIgnored(_ action: sigaction) -> Bool {
        #if canImport(Glibc)
            let handler = action.__sigaction_handler.sa_handler
        #else
            let handler = action.__sigaction_u.__sa_handler
        #endif
        return handler.map { unsafeBitCast($0, to: Int.self) == 1 } ?? false
    }

    private static let handle: @convention(c) (Int32) -> Void = { signal in
        let savedErrno = errno
        defer { errno = savedErrno }
        for slot in 0..<InterruptCleanup.slotCount where InterruptCleanup.used[slot] != 0 {
            unlink(InterruptCleanup.paths + slot * InterruptCleanup.slotSize)
        }
        sigaction(signal, InterruptCleanup.previous + Int(signal), nil)
        raise(signal)
    }
}
