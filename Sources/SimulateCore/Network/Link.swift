/// One device's connection to every server: the faults active on it and the exchanges under way.
///
/// `random` and `exchanges` change on every request; they are `@exclusivity(unchecked)` because a run is
/// single-threaded and each access is a plain read or write that never overlaps another. Measured
/// (docs/performance.md; callgrind, c382d1b): with the checks on these two, `simulate-bench counter-runs 30` ran
/// 956 M instructions instead of 896 M (6.7 % more), over the 5 % that keeps a check off.
final class Link {
    let device: Device
    @exclusivity(unchecked) var random: SeededRandom  // 6.7 % of counter-runs 30 with `exchanges` (see above)
    var activeFaults: [FaultOccurrence] = []
    /// Requests under way, oldest first. Unretained: each has an event pending (its next step or its timeout)
    /// until it finishes, which takes it out, so the scheduler holds it as long as it is here.
    // Unmanaged on purpose (docs/performance.md): holding each retained it and released it once a request.
    @exclusivity(unchecked) var exchanges: [Unmanaged<RequestExchange>] = []  // 6.7 % with `random` (see above)
    var streams: [Int: StreamConnection] = [:]

    private(set) var isOffline = false
    private(set) var isPartitioned = false
    private(set) var dropsResponses = false
    private(set) var latency: LatencyRange
    private(set) var loss: Double
    let defaults: LinkConditions

    init(device: Device, defaults: LinkConditions, random: SeededRandom) {
        self.device = device
        self.defaults = defaults
        self.random = random
        latency = defaults.latency
        loss = defaults.loss
    }

    func recompute() {
        isOffline = activeFaults.contains { $0.kind == .offline }
        isPartitioned = activeFaults.contains { $0.kind == .partition }
        dropsResponses = activeFaults.contains { $0.kind == .dropResponses }
        latency = activeFaults.last { $0.kind == .latency }?.latency ?? defaults.latency
        loss = activeFaults.last { $0.kind == .loss }?.loss ?? defaults.loss
    }

    /// At the end of the run: lets go of the exchanges and streams still under way, and of the handlers
    /// the streams hold (a client and its stream hold each other).
    func release() {
        exchanges.removeAll()
        for connection in streams.values { connection.releaseHandlers() }
        streams.removeAll()
        activeFaults.removeAll()
    }

    func removeExchange(_ exchange: RequestExchange) {
        let address = Unmanaged.passUnretained(exchange).toOpaque()
        if exchanges.last?.toOpaque() == address {
            exchanges.removeLast()
            return
        }
        var index = 0
        while index < exchanges.count {
            if exchanges[index].toOpaque() == address {
                exchanges.remove(at: index)
                return
            }
            index += 1
        }
    }

    /// A message that is sent now does not arrive.
    var blocksTraffic: Bool { isOffline || isPartitioned }

    func sampleLatency() -> VirtualDuration {
        latency.minimum == latency.maximum ? latency.minimum : random.duration(in: latency.minimum...latency.maximum)
    }

    func sampleLoss() -> Bool {
        random.chance(loss)
    }

    func sampleChunkSize() -> Int {
        let range = defaults.chunkBytes
        return range.lowerBound == range.upperBound ? range.lowerBound : random.int(in: range)
    }
}
