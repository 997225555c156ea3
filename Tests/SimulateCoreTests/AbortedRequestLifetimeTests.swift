import Testing

@testable import SimulateCore

/// A request that a fault swallowed waits only for its timeout event; when its device then goes offline,
/// the network aborts it, and finishing cancels that event. The request must live until its completion
/// has run: `simulate run Scenarios/sse/swarm.json --seed 11` crashed in a released request's `complete`.
@Suite struct AbortedRequestLifetimeTests {
    final class Log {
        var entries: [String] = []
    }

    final class LoggedRequest: RequestExchange {
        let log: Log
        init(log: Log) { self.log = log }
        override func complete(_ failure: NetworkError?) {
            log.entries.append("complete \(failure.map { "\($0)" } ?? "ok")")
        }
        deinit { log.entries.append("released") }
    }

    func fault(_ kind: FaultKind, ordinal: Int) -> FaultOccurrence {
        FaultOccurrence(
            kind: kind, start: .start, end: nil, deviceIDs: ["phone"], latency: nil, loss: nil, plugin: nil,
            ordinal: ordinal)
    }

    @Test(arguments: [FaultKind.partition, .dropResponses])
    func aSwallowedRequestCompletesBeforeItIsReleasedWhenItsDeviceGoesOffline(swallowedBy kind: FaultKind) throws {
        let scheduler = Scheduler()
        let trace = Trace(scheduler: scheduler, keepsRecords: false)
        let phone = Device(id: "phone", index: 0)
        let network = Network(
            scheduler: scheduler, trace: trace, devices: [phone], defaults: LinkConditions(), runSeed: 1)
        let log = Log()
        network.begin(fault(kind, ordinal: 1))
        network.request(LoggedRequest(log: log), from: phone, to: "server", timeout: .seconds(30))
        try scheduler.run(through: .start + .seconds(1))
        #expect(log.entries.isEmpty, "the request waits for its timeout")
        network.begin(fault(.offline, ordinal: 2))
        #expect(log.entries == ["complete connectionLost", "released"])
        try scheduler.run(through: .start + .seconds(60))
        #expect(log.entries == ["complete connectionLost", "released"], "the cancelled timeout never fires")
    }
}
