#if canImport(Darwin)
    import Foundation

    /// ``HTTPClient`` over a real `URLSession`, for the app itself. Compiled only on Apple platforms
    /// (`URLSession.bytes(for:)` does not exist in swift-corelibs-foundation); this repository's CI
    /// (Linux) cannot build or run it.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    public struct URLSessionHTTPClient: HTTPClient {
        public let session: URLSession

        public init(session: URLSession = .shared) {
            self.session = session
        }

        public func data(for request: URLRequest) async throws -> (Data, URLResponse) {
            try await session.data(for: request)
        }

        public func bytes(for request: URLRequest) async throws -> (HTTPBytes, URLResponse) {
            let (bytes, response) = try await session.bytes(for: request)
            return (HTTPBytes(AsyncBytesSource(bytes)), response)
        }
    }

    /// Reads `URLSession.AsyncBytes` a byte at a time (it buffers the network reads itself).
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    private final class AsyncBytesSource: HTTPChunkSource, @unchecked Sendable {
        private let bytes: URLSession.AsyncBytes
        private var iterator: URLSession.AsyncBytes.AsyncIterator

        init(_ bytes: URLSession.AsyncBytes) {
            self.bytes = bytes
            iterator = bytes.makeAsyncIterator()
        }

        func nextChunk() async throws -> [UInt8]? {
            guard let first = try await iterator.next() else { return nil }
            return [first]
        }

        func cancel() {
            bytes.task.cancel()
        }
    }
#endif
