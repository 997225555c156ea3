import SimulateCore

/// Seed 000: "Manual `CKRecordZoneSubscription` only needed for the counter record". After a device's
/// save of the counter succeeds, every other device gets a silent push `pushDelay` later and fetches
/// the record. Pushes are coalesced (one pending per device) and one is held while a device is
/// unreachable, as APNs does; a device in Simulator gets none (seed 000: "Push notifications do not
/// work on Simulator").
final class CounterSubscription {
    private let context: SimulationContext
    private let delay: VirtualDuration
    private var pending: [Bool]
    private var held: [Bool]
    var arrive: (Device) -> Void = { _ in }
    private(set) var sent = 0
    private(set) var delivered = 0
    private(set) var dropped = 0

    init(context: SimulationContext, delay: VirtualDuration) {
        self.context = context
        self.delay = delay
        pending = Array(repeating: false, count: context.devices.count)
        held = pending
    }

    func counterSaved(by origin: Device) {
        for device in context.devices where device !== origin { send(to: device) }
    }

    private func send(to device: Device) {
        let index = device.index
        sent += 1
        if device.isSimulator {
            dropped += 1
            context.trace.instant(device.id, "push", "push.dropped", "Simulator")
            return
        }
        guard !pending[index] else { return }
        pending[index] = true
        context.scheduler.schedule(after: delay) { [self] in
            pending[index] = false
            if context.network.isOffline(device) || context.network.isPartitioned(device) {
                held[index] = true
                context.trace.instant(device.id, "push", "push.held")
                return
            }
            deliver(device)
        }
    }

    func deviceOnline(_ device: Device) {
        guard held[device.index] else { return }
        held[device.index] = false
        deliver(device)
    }

    private func deliver(_ device: Device) {
        delivered += 1
        context.trace.instant(device.id, "push", "push.received")
        arrive(device)
    }
}
