/// One request under way: it finishes exactly once, with a response, a timeout or an abort.
final class RequestExchange<Response>: NetworkExchange {
    let id: Int
    private let completion: (Result<Response, NetworkError>) -> Void
    var timeout: EventHandle?
    var onFinish: (() -> Void)?
    private(set) var finished = false
    /// Aborted by the network (the device went offline): the request never reaches the server.
    private(set) var aborted = false

    init(id: Int, completion: @escaping (Result<Response, NetworkError>) -> Void) {
        self.id = id
        self.completion = completion
    }

    func finish(_ result: Result<Response, NetworkError>) {
        guard !finished else { return }
        finished = true
        onFinish?()
        onFinish = nil
        completion(result)
    }

    func abort(_ error: NetworkError) {
        aborted = true
        finish(.failure(error))
    }
}
