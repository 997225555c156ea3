import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What app code asks of `URLSession`, as a protocol: the same code runs against the real session
/// in the app (`URLSessionHTTPClient` on Apple platforms) and against the simulated network and
/// servers in a scenario (``SimulatedHTTPClient``).
///
/// Timeouts follow `URLSession`: `request.timeoutInterval` (60 s by default) is the longest wait for
/// the next data; it starts over whenever data arrives, so a stream that keeps sending never times out.
public protocol HTTPClient: Sendable {
    /// The whole response body, like `URLSession.data(for:)`.
    func data(for request: URLRequest) async throws -> (Data, URLResponse)
    /// The response once it starts, and its body as bytes as they arrive, like `URLSession.bytes(for:)`.
    func bytes(for request: URLRequest) async throws -> (HTTPBytes, URLResponse)
}

/// Where an ``HTTPBytes`` gets its data: the next chunk, nil at the end of the body.
public protocol HTTPChunkSource: AnyObject, Sendable {
    /// The next chunk of the body as it arrives; nil at its end.
    func nextChunk() async throws -> [UInt8]?
    /// The app no longer reads: close the connection.
    func cancel()
}

/// A response body as it arrives, like `URLSession.AsyncBytes`. Dropping it (and every iterator made
/// from it) closes the connection, as cancelling the data task does.
public struct HTTPBytes: AsyncSequence, Sendable {
    /// A byte of the body.
    public typealias Element = UInt8

    private let owner: Owner

    /// The body that `source` delivers.
    public init(_ source: any HTTPChunkSource) {
        owner = Owner(source)
    }

    /// An iterator over the body's bytes, from the first not yet read.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(owner: owner)
    }

    /// Reads the body a byte at a time, a chunk at a time underneath.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let owner: Owner
        private var chunk: [UInt8] = []
        private var index = 0

        init(owner: Owner) {
            self.owner = owner
        }

        /// The next byte; nil at the end of the body; throws when the connection fails.
        public mutating func next() async throws -> UInt8? {
            while index == chunk.count {
                guard try await refill() else { return nil }
            }
            defer { index += 1 }
            return chunk[index]
        }

        /// Waits for the next chunk of the body; false at its end.
        mutating func refill() async throws -> Bool {
            guard let next = try await owner.source.nextChunk() else { return false }
            chunk = next
            index = 0
            return true
        }

        /// The bytes already here up to the next `\n`, which is read but not returned; nil (and no byte
        /// read) when none of them is a `\n`.
        mutating func bufferedLine() -> ArraySlice<UInt8>? {
            guard let newline = chunk[index...].firstIndex(of: 0x0A) else { return nil }
            defer { index = newline + 1 }
            return chunk[index..<newline]
        }

        /// Reads every byte already here.
        mutating func takeBuffered() -> ArraySlice<UInt8> {
            defer { index = chunk.count }
            return chunk[index...]
        }
    }

    /// The body as the chunks arrive, each the `Data` a `URLSessionDataDelegate` is handed in
    /// `urlSession(_:dataTask:didReceive:)`: for a parser written for data-delegate callbacks, fed with the
    /// network's own chunk boundaries (a byte at a time would be harsher than a device).
    public var chunks: HTTPChunks { HTTPChunks(owner: owner) }

    /// The body split at `\n` (a preceding `\r` removed). Unlike Foundation's `lines`, empty lines are
    /// kept: a `text/event-stream` needs them, and the same code sees the same lines on every platform.
    public var lines: HTTPLines { HTTPLines(bytes: self) }

    /// Closes the connection once nothing reads from it any more.
    final class Owner: Sendable {
        let source: any HTTPChunkSource
        init(_ source: any HTTPChunkSource) { self.source = source }
        deinit { source.cancel() }
    }
}

/// The lines of an ``HTTPBytes`` body, empty ones included; a last line without `\n` is returned too.
public struct HTTPLines: AsyncSequence, Sendable {
    /// A line, without its `\n` (and `\r\n`'s `\r`).
    public typealias Element = String
    let bytes: HTTPBytes

    /// An iterator over the body's lines.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(bytes: bytes.makeAsyncIterator())
    }

    /// Reads the body a line at a time.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var bytes: HTTPBytes.AsyncIterator
        private var finished = false

        init(bytes: HTTPBytes.AsyncIterator) {
            self.bytes = bytes
        }

        // A line is found in the bytes already received, a chunk at a time: one call per line, not per byte.
        /// The next line; nil at the end of the body.
        public mutating func next() async throws -> String? {
            guard !finished else { return nil }
            if let line = bytes.bufferedLine() { return Self.string(line) }
            var line = Array(bytes.takeBuffered())
            while try await bytes.refill() {
                if let end = bytes.bufferedLine() {
                    line += end
                    return Self.string(line[...])
                }
                line += bytes.takeBuffered()
            }
            finished = true
            return line.isEmpty ? nil : String(decoding: line, as: UTF8.self)
        }

        /// A line's text without the `\r` that may end it.
        private static func string(_ line: ArraySlice<UInt8>) -> String {
            String(decoding: line.last == 0x0D ? line.dropLast() : line, as: UTF8.self)
        }
    }
}

/// The chunks of an ``HTTPBytes`` body, as they arrive (``HTTPBytes/chunks``).
public struct HTTPChunks: AsyncSequence, Sendable {
    /// A chunk of the body.
    public typealias Element = Data
    let owner: HTTPBytes.Owner

    /// An iterator over the chunks not yet read.
    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(owner: owner) }

    /// Reads the body a chunk at a time.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let owner: HTTPBytes.Owner

        /// The next chunk; nil at the end of the body; throws when the connection fails.
        public mutating func next() async throws -> Data? {
            while let chunk = try await owner.source.nextChunk() {
                if !chunk.isEmpty { return Data(chunk) }
            }
            return nil
        }
    }
}
