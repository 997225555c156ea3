/// One request under way, from send to its single completion: a response, a timeout or an abort.
///
/// Subclass it for a request that is its own payload, answer and callbacks: override `serve()` (runs on
/// the server when the request arrives, even if the device has given up on it already; keep the answer
/// in the object) and `complete(_:)` (runs exactly once on the device). Send it with
/// ``Network/request(_:from:to:timeout:)``. It is its own scheduler target, so a request
/// costs one object and no closures.
///
/// The timeout is only scheduled once the request can no longer finish before it (a message was lost,
/// or the next step comes at or after the deadline); a request answered in time never schedules one.
open class RequestExchange: ScheduledTarget {
    private enum Step: Int {
        case failOffline, arriveAtServer, arriveAtDevice, timeOut
    }

    /// The network and its links outlive every event of their run: held unretained, and lent to each
    /// step without reference counting. Set when the request is sent.
    // Unmanaged on purpose (docs/performance.md, measured again on a2ec5f2): as `unowned` references (fire and abort
    // unwrapping them), `simulate-bench counter-runs 30` took 1,127 M instructions instead of 897 M under
    // callgrind (+26 %) and 1.48-1.49 s of CPU for 300 seeds instead of 1.13-1.15 s (+29 to +32 %).
    private var network: Unmanaged<Network>?
    private var link: Unmanaged<Link>?
    private var server = ""
    private var deadline = VirtualInstant.start
    private var timeout: EventHandle?
    private var finished = false
    private var responded = false
    /// Aborted by the network (the device went offline): the request never reaches the server.
    private var aborted = false

    public init() {}

    /// Runs on the server when the request arrives, even if the device has given up on it already.
    open func serve() {}

    /// Runs exactly once on the device: nil when the answer `serve()` kept arrived, else why the request failed.
    open func complete(_ failure: NetworkError?) {}

    /// Makes a finished exchange ready to be sent again, for a sender that reuses its request objects.
    /// Only call it while nothing else holds the exchange (`isKnownUniquelyReferenced`): then no step of
    /// its last trip is still pending.
    public final func prepareForReuse() {
        network = nil
        link = nil
        // `server` stays: the next `send` sets it.
        deadline = .start
        timeout = nil
        finished = false
        responded = false
        aborted = false
    }

    /// Sends the request over `link`, the device's link of `network`.
    final func send(timeout: VirtualDuration, network: Network, link: Link, server: String) {
        precondition(self.network == nil, "a network exchange is sent once")
        precondition(timeout >= .zero, "a request timeout is not negative")
        self.network = .passUnretained(network)
        self.link = .passUnretained(link)
        if self.server != server { self.server = server }
        let scheduler = network.scheduler
        if link.isOffline {
            scheduler.schedule(after: .zero, self, tag: Step.failOffline.rawValue)
            return
        }
        link.exchanges.append(.passUnretained(self))
        deadline = scheduler.now.addingClamped(timeout)
        if link.isPartitioned || link.sampleLoss() {
            network.trace.instant(link.device.id, "network", "request.lost", "to \(server)")
            armTimeout(scheduler)
            return
        }
        schedule(.arriveAtServer, after: link.sampleLatency(), scheduler)
    }

    public final func fire(_ tag: Int) {
        network!._withUnsafeGuaranteedRef { network in
            link!._withUnsafeGuaranteedRef { link in
                switch Step(rawValue: tag) {
                case .failOffline: finish(.offline, link: link, scheduler: network.scheduler)
                case .arriveAtServer: arriveAtServer(network, link)
                case .arriveAtDevice: arriveAtDevice(network, link)
                case .timeOut: finish(.timedOut, link: link, scheduler: network.scheduler)
                case nil: break
                }
            }
        }
    }

    /// Schedules the next step; one at or after the deadline comes after the timeout. Inlined into
    /// its three callers, as before time was a type: out of line it cost 9 M instructions of
    /// `simulate-bench counter-runs 30` (1 %).
    @inline(__always)
    private func schedule(_ step: Step, after delay: VirtualDuration, _ scheduler: Scheduler) {
        precondition(delay >= .zero, "a network latency is not negative")
        let time = scheduler.now.addingClamped(delay)
        if time >= deadline { armTimeout(scheduler) }
        scheduler.schedule(at: time, self, tag: step.rawValue)
    }

    /// The request cannot finish before its deadline: it times out then.
    private func armTimeout(_ scheduler: Scheduler) {
        guard timeout == nil, !finished else { return }
        timeout = scheduler.schedule(at: deadline, self, tag: Step.timeOut.rawValue)
    }

    private func arriveAtServer(_ network: Network, _ link: Link) {
        guard !aborted, !link.blocksTraffic else {
            network.trace.instant(link.device.id, "network", "request.lost", "to \(server)")
            armTimeout(network.scheduler)
            return
        }
        serve()
        if link.dropsResponses || link.sampleLoss() {
            network.trace.instant(link.device.id, "network", "response.lost", "from \(server)")
            armTimeout(network.scheduler)
            return
        }
        responded = true
        schedule(.arriveAtDevice, after: link.sampleLatency(), network.scheduler)
    }

    private func arriveAtDevice(_ network: Network, _ link: Link) {
        guard responded, !link.blocksTraffic else {
            network.trace.instant(link.device.id, "network", "response.lost", "from \(server)")
            armTimeout(network.scheduler)
            return
        }
        responded = false
        finish(nil, link: link, scheduler: network.scheduler)
    }

    private func finish(_ failure: NetworkError?, link: Link, scheduler: Scheduler) {
        guard !finished else { return }
        finished = true
        link.removeExchange(self)
        if let timeout { scheduler.cancel(timeout) }
        complete(failure)
    }

    final func abort(_ error: NetworkError) {
        aborted = true
        network!._withUnsafeGuaranteedRef { network in
            link!._withUnsafeGuaranteedRef { link in finish(error, link: link, scheduler: network.scheduler) }
        }
    }
}

/// The closure form of a request, for ``Network/request(from:to:timeout:serve:completion:)``.
final class ClosureExchange<Response>: RequestExchange {
    private let serveBody: () -> Response
    private let completion: (Result<Response, NetworkError>) -> Void
    private var response: Response?

    init(serve: @escaping () -> Response, completion: @escaping (Result<Response, NetworkError>) -> Void) {
        serveBody = serve
        self.completion = completion
    }

    override func serve() {
        response = serveBody()
    }

    override func complete(_ failure: NetworkError?) {
        let response = self.response
        self.response = nil
        if let failure {
            completion(.failure(failure))
        } else if let response {
            completion(.success(response))
        }
    }
}
