/// One request under way, from send to its single completion: a response, a timeout or an abort.
///
/// It is its own scheduler target, so a request costs one object and no closures of its own.
final class RequestExchange<Response>: NetworkExchange, ScheduledTarget {
    private enum Step: Int {
        case failOffline, arriveAtServer, arriveAtDevice, timeOut
    }

    let id: Int
    private unowned let network: Network
    private unowned let link: Link
    private let server: String
    private let serve: () -> Response
    private let completion: (Result<Response, NetworkError>) -> Void
    private var response: Response?
    private var timeout: EventHandle?
    private var finished = false
    /// Aborted by the network (the device went offline): the request never reaches the server.
    private var aborted = false

    init(
        id: Int, network: Network, link: Link, server: String, serve: @escaping () -> Response,
        completion: @escaping (Result<Response, NetworkError>) -> Void
    ) {
        self.id = id
        self.network = network
        self.link = link
        self.server = server
        self.serve = serve
        self.completion = completion
    }

    func send(timeoutNanoseconds: Int64) {
        let scheduler = network.scheduler
        if link.isOffline {
            scheduler.schedule(afterNanoseconds: 0, self, tag: Step.failOffline.rawValue)
            return
        }
        link.exchanges[id] = self
        timeout = scheduler.schedule(afterNanoseconds: timeoutNanoseconds, self, tag: Step.timeOut.rawValue)
        if link.isPartitioned || link.sampleLoss() {
            network.trace.instant(link.device.id, "network", "request.lost", "to \(server)")
            return
        }
        scheduler.schedule(afterNanoseconds: link.sampleLatency(), self, tag: Step.arriveAtServer.rawValue)
    }

    func fire(_ tag: Int) {
        switch Step(rawValue: tag) {
        case .failOffline: finish(.failure(.offline))
        case .arriveAtServer: arriveAtServer()
        case .arriveAtDevice: arriveAtDevice()
        case .timeOut: finish(.failure(.timedOut))
        case nil: break
        }
    }

    private func arriveAtServer() {
        guard !aborted, !link.blocksTraffic else {
            network.trace.instant(link.device.id, "network", "request.lost", "to \(server)")
            return
        }
        let response = serve()
        if link.dropsResponses || link.sampleLoss() {
            network.trace.instant(link.device.id, "network", "response.lost", "from \(server)")
            return
        }
        self.response = response
        network.scheduler.schedule(afterNanoseconds: link.sampleLatency(), self, tag: Step.arriveAtDevice.rawValue)
    }

    private func arriveAtDevice() {
        guard let response, !link.blocksTraffic else {
            network.trace.instant(link.device.id, "network", "response.lost", "from \(server)")
            return
        }
        self.response = nil
        finish(.success(response))
    }

    private func finish(_ result: Result<Response, NetworkError>) {
        guard !finished else { return }
        finished = true
        link.exchanges[id] = nil
        if let timeout { network.scheduler.cancel(timeout) }
        completion(result)
    }

    func abort(_ error: NetworkError) {
        aborted = true
        finish(.failure(error))
    }
}
