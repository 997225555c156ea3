/// One device's connection to every server: the faults active on it and the exchanges under way.
final class Link {
    let device: Device
    var random: SeededRandom
    var activeFaults: [FaultOccurrence] = []
    /// Requests under way, oldest first.
    var exchanges: [RequestExchange] = []
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

    func removeExchange(_ exchange: RequestExchange) {
        if let index = exchanges.firstIndex(where: { $0 === exchange }) { exchanges.remove(at: index) }
    }

    /// A message that is sent now does not arrive.
    var blocksTraffic: Bool { isOffline || isPartitioned }

    func sampleLatency() -> Int64 {
        latency.minNanoseconds == latency.maxNanoseconds
            ? latency.minNanoseconds
            : random.int64(in: latency.minNanoseconds...latency.maxNanoseconds)
    }

    func sampleLoss() -> Bool {
        random.chance(loss)
    }

    func sampleChunkSize() -> Int {
        let range = defaults.chunkBytes
        return range.lowerBound == range.upperBound ? range.lowerBound : random.int(in: range)
    }
}
