import Foundation

/// Standard output and standard error written with `write(2)`, whose errors are seen: `FileHandle.write(_:)`
/// traps on a full disk or a closed pipe, and `print` loses them.
package enum StandardStream: Sendable {
    case output, error

    var descriptor: Int32 { self == .output ? STDOUT_FILENO : STDERR_FILENO }
    var name: String { self == .output ? "standard output" : "standard error" }

    /// The exit status after a failed write: 2, or 3 once a command has started runs it then cannot report.
    nonisolated(unsafe) package static var failureStatus: Int32 = 2

    /// Writes all of `bytes`, or the `errno` of the write that failed.
    package func write(_ bytes: some Collection<UInt8>) -> Int32? {
        var failure: Int32?
        bytes.withContiguousStorageIfAvailable { buffer in failure = write(buffer) }
            ?? {
                let copy = Array(bytes)
                copy.withUnsafeBufferPointer { failure = write($0) }
            }()
        return failure
    }

    private func write(_ buffer: UnsafeBufferPointer<UInt8>) -> Int32? {
        var offset = 0
        while offset < buffer.count {
            let written = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }

    /// Writes `bytes`; when that fails, says so on standard error (when that can still be written) and exits with
    /// ``failureStatus``: the process never dies by a signal or a trap for want of somewhere to write.
    package func writeOrExit(_ bytes: some Collection<UInt8>) {
        guard let code = write(bytes) else { return }
        Self.exitAfterFailure(of: self, code: code)
    }

    package static func exitAfterFailure(of stream: StandardStream, code: Int32) -> Never {
        if stream == .output {
            let message = "error: cannot write to standard output: \(String(cString: strerror(code)))\n"
            _ = StandardStream.error.write(Array(message.utf8))
        }
        exit(failureStatus)
    }

    /// Called once at start, before any file is opened: a standard stream that is closed (`>&-`) gets
    /// `/dev/null`, so that no report file opened later takes its number and receives what is printed.
    /// Returns whether standard output was closed (nothing can be shown: the caller refuses to go on).
    package static func reserveClosedDescriptors() -> Bool {
        var outputClosed = false
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 {
            if descriptor == STDOUT_FILENO { outputClosed = true }
            let null = open("/dev/null", O_RDWR)
            if null >= 0, null != descriptor {
                dup2(null, descriptor)
                close(null)
            }
        }
        return outputClosed
    }

    /// Called once at start: a closed pipe is then a write error (EPIPE), not the death of the process by SIGPIPE.
    package static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Flushes what `print` buffered; a failure is reported and exits as ``writeOrExit(_:)`` does.
    package static func flushPrinted() {
        // `fflush(nil)` flushes every stdio stream; standard output is the one `print` fills.
        if fflush(nil) != 0 {
            exitAfterFailure(of: .output, code: errno == 0 ? EIO : errno)
        }
    }
}
