import SimulateCore

/// One occurrence of a scenario fault: `[start, end)` in virtual time, for some devices or all.
struct FaultWindow: Equatable {
    var start: VirtualInstant
    var end: VirtualInstant
    /// nil: every device.
    var devices: Set<String>?
    var kind: FaultKind
    var latency: LatencyRange?
    var loss: Double?
    var plugin: String?
    /// `serverError`: the server and the error it answers with.
    var server: String? = nil
    var error: String? = nil

    func covers(device: String, at time: VirtualInstant) -> Bool {
        time >= start && time < end && (devices?.contains(device) ?? true)
    }
}

/// The scenario's faults as windows, repeats expanded, in start order.
struct FaultTimeline {
    let windows: [FaultWindow]

    /// At most this many occurrences per fault: a real-time server has no use for more.
    static let occurrenceLimit = 100_000

    init(scenario: Scenario) {
        var windows: [FaultWindow] = []
        let end = scenario.end
        for fault in scenario.faults {
            let first = fault.at.instant(runEnd: scenario.end)
            let count = min(fault.repeat?.count ?? 1, Self.occurrenceLimit)
            let every = fault.repeat?.every ?? .zero
            for occurrence in 0..<count {
                let (offset, overflow) = every.nanoseconds.multipliedReportingOverflow(by: Int64(occurrence))
                let start = VirtualInstant(nanoseconds: first.nanoseconds &+ offset)
                guard !overflow, start <= end else { break }
                let length = fault.duration ?? (end - start)
                windows.append(
                    FaultWindow(
                        start: start, end: min(end, start + length),
                        devices: fault.devices.map(Set.init), kind: fault.kind, latency: fault.latency,
                        loss: fault.loss, plugin: fault.plugin, server: fault.server, error: fault.error))
            }
        }
        self.windows = windows.sorted { $0.start < $1.start }
    }

    /// The active window of a kind for a device at a time, the latest started first.
    func active(_ kind: FaultKind, device: String, at time: VirtualInstant) -> FaultWindow? {
        windows.last { $0.kind == kind && $0.covers(device: device, at: time) }
    }
}
