#if canImport(Darwin)
    import Foundation

    /// ``HTTPClient`` over a real `URLSession`, for the app itself. Compiled only on Apple platforms;
    /// this repository's CI (Linux) cannot build or run it (docs/apple-platforms.md lists it).
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    public struct URLSessionHTTPClient: HTTPClient {
        public let session: URLSession

        public init(session: URLSession = .shared) {
            self.session = session
        }

        public func data(for request: URLRequest) async throws -> (Data, URLResponse) {
            try await session.data(for: request)
        }

        /// A data task whose task delegate hands each `Data` it receives to ``ReceivedChunks`` as one chunk
        /// (`URLSession.AsyncBytes` would give the body a byte at a time).
        public func bytes(for request: URLRequest) async throws -> (HTTPBytes, URLResponse) {
            let task = session.dataTask(with: request)
            let delegate = DataTaskChunks(task: task)
            task.delegate = delegate
            let response = try await delegate.start()
            return (HTTPBytes(delegate.chunks), response)
        }
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    private final class DataTaskChunks: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        let chunks: ReceivedChunks
        private let task: URLSessionDataTask
        private let lock = NSLock()
        private var response: CheckedContinuation<URLResponse, any Error>?

        init(task: URLSessionDataTask) {
            self.task = task
            chunks = ReceivedChunks(onCancel: { [task] in task.cancel() })
        }

        /// Resumes the task; returns its response, or throws what ended it first.
        func start() async throws -> URLResponse {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    lock.withLock { response = continuation }
                    task.resume()
                }
            } onCancel: { [task] in
                task.cancel()
            }
        }

        func urlSession(
            _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
            completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
        ) {
            takeResponse()?.resume(returning: response)
            completionHandler(.allow)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            chunks.receive(data)
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            // A cancelled task ends with URLError.cancelled: the app sees CancellationError, as from any
            // other cancelled async call.
            let failure: (any Error)? =
                (error as? URLError)?.code == .cancelled ? CancellationError() : error
            takeResponse()?.resume(throwing: failure ?? URLError(.badServerResponse))
            chunks.finish(failure)
        }

        private func takeResponse() -> CheckedContinuation<URLResponse, any Error>? {
            lock.withLock {
                defer { response = nil }
                return response
            }
        }
    }
#endif
