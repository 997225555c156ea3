/// The occurrences of one fault, in the queue one at a time: each start schedules the next start and its own end,
/// at the places in the run order they would have had if every occurrence had been scheduled at the start (a
/// `repeat` may count ten million; the run's events, their order and its trace hash are the same either way).
final class FaultSeries: ScheduledTarget {
    private unowned let scheduler: Scheduler
    private unowned let network: Network
    private let fault: FaultSpec
    private let deviceIDs: [String]
    private let times: Occurrences
    private let firstOrder: UInt64
    private let firstOrdinal: Int
    /// Events each occurrence takes in the order: its start, and its end when it has one.
    private let eventsPerOccurrence: Int

    /// Takes the places in the order of all the fault's occurrences now; `firstOrdinal` is the first occurrence's.
    init(
        _ fault: FaultSpec, times: Occurrences, deviceIDs: [String], firstOrdinal: Int, scheduler: Scheduler,
        network: Network
    ) {
        self.fault = fault
        self.times = times
        self.deviceIDs = deviceIDs
        self.firstOrdinal = firstOrdinal
        self.scheduler = scheduler
        self.network = network
        eventsPerOccurrence = fault.duration != nil && fault.kind != .serverRestart ? 2 : 1
        firstOrder = scheduler.reserveOrder(count: times.count * eventsPerOccurrence)
    }

    /// Queues the first start.
    func start() {
        scheduleStart(of: 0)
    }

    private func scheduleStart(of index: Int) {
        guard index < times.count else { return }
        scheduler.schedule(at: times[index], order: order(of: index), self, tag: 2 * index)
    }

    private func order(of index: Int) -> UInt64 {
        firstOrder + UInt64(index * eventsPerOccurrence)
    }

    private func occurrence(_ index: Int) -> FaultOccurrence {
        let start = times[index]
        return FaultOccurrence(
            kind: fault.kind, start: start, end: fault.duration.map { start + $0 }, deviceIDs: deviceIDs,
            latency: fault.latency, loss: fault.loss, plugin: fault.plugin, server: fault.server, error: fault.error,
            ordinal: firstOrdinal + index)
    }

    /// Even tags start occurrence `tag / 2`, odd ones end it.
    func fire(_ tag: Int) {
        let index = tag / 2
        let occurrence = occurrence(index)
        guard tag % 2 == 0 else { return network.end(occurrence) }
        scheduleStart(of: index + 1)
        if eventsPerOccurrence == 2, let end = occurrence.end {
            scheduler.schedule(at: end, order: order(of: index) + 1, self, tag: tag + 1)
        }
        network.begin(occurrence)
    }
}
