import Foundation

/// The body of a response as a data task delegate receives it, handed to one reader as `HTTPChunkSource`
/// chunks: every `Data` the delegate gets is one chunk (no copy per byte, no waiting for more bytes).
/// Plain Foundation, so it builds and is tested on Linux; `URLSessionHTTPClient` feeds it on Apple
/// platforms. A reader cancelled while it waits gets `CancellationError`, and `onCancel` (the data task's
/// `cancel()`) runs once.
public final class ReceivedChunks: HTTPChunkSource, @unchecked Sendable {
    private let lock = NSLock()
    private var chunks: [[UInt8]] = []
    private var next = 0
    private var end: Result<Void, any Error>?
    private var waiter: CheckedContinuation<[UInt8]?, any Error>?
    private var cancelled = false
    private let onCancel: @Sendable () -> Void

    public init(onCancel: @escaping @Sendable () -> Void = {}) {
        self.onCancel = onCancel
    }

    /// Bytes received (`urlSession(_:dataTask:didReceive:)`).
    public func receive(_ data: Data) {
        guard !data.isEmpty else { return }
        let waiting: CheckedContinuation<[UInt8]?, any Error>? = lock.withLock {
            guard end == nil, !cancelled else { return nil }
            if let waiter {
                self.waiter = nil
                return waiter
            }
            chunks.append([UInt8](data))
            return nil
        }
        waiting?.resume(returning: [UInt8](data))
    }

    /// The body ended (`urlSession(_:task:didCompleteWithError:)`): nil is a clean end.
    public func finish(_ error: (any Error)?) {
        let waiting: CheckedContinuation<[UInt8]?, any Error>? = lock.withLock {
            guard end == nil else { return nil }
            end = error.map { .failure($0) } ?? .success(())
            defer { waiter = nil }
            return waiter
        }
        if let error { waiting?.resume(throwing: error) } else { waiting?.resume(returning: nil) }
    }

    public func nextChunk() async throws -> [UInt8]? {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<[UInt8]?, any Error>) in
                let ready: Result<[UInt8]?, any Error>? = lock.withLock {
                    if cancelled { return .failure(CancellationError()) }
                    if next < chunks.count {
                        defer {
                            chunks[next] = []
                            next += 1
                            if next == chunks.count {
                                chunks.removeAll(keepingCapacity: true)
                                next = 0
                            }
                        }
                        return .success(chunks[next])
                    }
                    switch end {
                    case .success: return .success(nil)
                    case .failure(let error): return .failure(error)
                    case nil:
                        waiter = continuation
                        return nil
                    }
                }
                if let ready { continuation.resume(with: ready) }
            }
        } onCancel: {
            cancel()
        }
    }

    /// The reader stops: a waiting `nextChunk()` throws `CancellationError`, later ones too.
    public func cancel() {
        let (waiting, first): (CheckedContinuation<[UInt8]?, any Error>?, Bool) = lock.withLock {
            let first = !cancelled
            cancelled = true
            chunks.removeAll()
            next = 0
            defer { waiter = nil }
            return (waiter, first)
        }
        waiting?.resume(throwing: CancellationError())
        if first { onCancel() }
    }
}
