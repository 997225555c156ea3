import SimulateCore

/// What every client of a run shares: the clock, the network, the trace, the server, and the
/// run-wide logs the invariants read.
final class SSEWorld {
    let scheduler: Scheduler
    let network: Network
    let trace: Trace
    let configuration: SSEConfiguration
    let server: SSEServer
    /// The mutations users fired, while a verdict may still change with them, and the violations decided.
    let mutations = MutationLedger()
    /// When every device's reconnect attempts started (each launch's first attempt is no reconnect), in
    /// time order: 8 bytes per reconnect, kept only when a check reads `peakReconnectRate` (nil: not kept).
    @exclusivity(unchecked) var reconnectTimes: [VirtualInstant]?
    /// The watched `reconnectRate` invariants, judged reconnect by reconnect.
    @exclusivity(unchecked) var reconnectWatches: [ReconnectRateWatch] = []
    /// fullState violations found as events were applied (at most ``violationLimit`` kept).
    var fullStateViolations: [Violation] = []
    var fullStateViolationCount = 0
    var skippedActions = 0
    var refusedBumps = 0
    var failedPosts = 0
    static let violationLimit = 100
    /// Full-state events' data with the digests of their items (nil: not a list of items), newest last:
    /// the server's as it encodes them, and any other data an app client's recorder decoded. Every device
    /// receives the same events, and none is decoded when it is one the server sent.
    /// Searched by comparing strings, newest first, not hashed: a String's hash normalizes every byte of
    /// the event, where the newest entries are nearly always the ones asked for and `==` compares bytes.
    private var recentDigests: [(data: String, digest: UInt64?)] = []
    private var oldestDigest = 0
    static let recentDigestLimit = 16

    /// The digest of the items a full-state event's data lists (`PunchWire.digest`); nil when it lists none.
    func itemsDigest(ofEventData data: String) -> UInt64? {
        var index = oldestDigest
        for _ in 0..<recentDigests.count {
            index = index == 0 ? recentDigests.count - 1 : index - 1
            if recentDigests[index].data == data { return recentDigests[index].digest }
        }
        let digest = PunchWire.decodeItems(data).map(PunchWire.digest)
        remember(data, digest)
        return digest
    }

    /// App clients' recorders read the digests of the server's events without decoding them.
    func remembersServerEvents() {
        server.encodedEvent = { [unowned self] data, digest in remember(data, digest) }
    }

    private func remember(_ data: String, _ digest: UInt64?) {
        if recentDigests.count < Self.recentDigestLimit {
            recentDigests.append((data, digest))
        } else {
            recentDigests[oldestDigest] = (data, digest)
            oldestDigest = (oldestDigest + 1) % Self.recentDigestLimit
        }
    }

    init(context: SimulationContext, configuration: SSEConfiguration) {
        scheduler = context.scheduler
        network = context.network
        trace = context.trace
        self.configuration = configuration
        server = SSEServer(scheduler: context.scheduler, trace: context.trace, configuration: configuration)
        server.receiptObserver = { [mutations] receipt, serial in mutations.received(receipt, serial: serial) }
    }

    /// A device's reconnect attempt started (not the first attempt of a launch).
    func reconnected(at time: VirtualInstant) {
        reconnectTimes?.append(time)
        for watch in reconnectWatches { watch.reconnected(at: time) }
    }

    func noteFullStateViolation(_ violation: @autoclosure () -> Violation) {
        fullStateViolationCount += 1
        if fullStateViolations.count < Self.violationLimit { fullStateViolations.append(violation()) }
    }
}
