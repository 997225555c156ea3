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
    /// Full-state events' data already read by an app client's recorder, by digest of their items (nil: not
    /// a list of items): every device receives the same events, and each is decoded once.
    private var itemDigests: [String: UInt64?] = [:]

    /// The digest of the items a full-state event's data lists (`PunchWire.digest`); nil when it lists none.
    func itemsDigest(ofEventData data: String) -> UInt64? {
        if let known = itemDigests[data] { return known }
        let digest = PunchWire.decodeItems(data).map(PunchWire.digest)
        if itemDigests.count == 64 { itemDigests.removeAll(keepingCapacity: true) }
        itemDigests[data] = digest
        return digest
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
