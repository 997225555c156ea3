import SimulateCore

/// The zone subscription's silent pushes, delivered as APNs does: late, coalesced, sometimes never.
final class PushCenter {
    private let model: ModelConfiguration.PushModel
    private let context: SimulationContext
    private var random: [SeededRandom]
    /// A push is on its way to the device (coalescing keeps it to one).
    private var pending: [Bool]
    /// A push arrived while the device was offline; APNs keeps the last one until it is back.
    private var held: [Bool]
    private(set) var sent = 0
    private(set) var delivered = 0
    private(set) var dropped = 0
    private(set) var coalesced = 0
    var deliver: (Device) -> Void = { _ in }

    init(model: ModelConfiguration.PushModel, context: SimulationContext) {
        self.model = model
        self.context = context
        random = context.devices.map { context.random(for: $0, component: "model.push") }
        pending = Array(repeating: false, count: context.devices.count)
        held = pending
    }

    /// The zone changed because of `origin`: every other device's subscription fires.
    func zoneChanged(by origin: Device?) {
        guard model.enabled else { return }
        for device in context.devices where device !== origin {
            send(to: device)
        }
    }

    private func send(to device: Device) {
        let index = device.index
        sent += 1
        if device.isSimulator {
            dropped += 1
            context.trace.instant(device.id, "push", "push.dropped", "Simulator")
            return
        }
        if model.coalesce && pending[index] {
            coalesced += 1
            return
        }
        if random[index].chance(model.dropProbability) {
            dropped += 1
            context.trace.instant(device.id, "push", "push.dropped")
            return
        }
        let delay =
            model.delayMin == model.delayMax
            ? model.delayMin : random[index].duration(in: model.delayMin...model.delayMax)
        pending[index] = true
        context.scheduler.schedule(after: delay) { [self] in
            pending[index] = false
            if context.network.isOffline(device) || context.network.isPartitioned(device) {
                if model.coalesce {
                    held[index] = true
                    context.trace.instant(device.id, "push", "push.held")
                } else {
                    dropped += 1
                    context.trace.instant(device.id, "push", "push.dropped", "device unreachable")
                }
                return
            }
            arrive(device)
        }
    }

    /// The device is back online: APNs hands over the push it kept.
    func deviceOnline(_ device: Device) {
        guard held[device.index] else { return }
        held[device.index] = false
        arrive(device)
    }

    private func arrive(_ device: Device) {
        delivered += 1
        context.trace.instant(device.id, "push", "push.received")
        deliver(device)
    }
}
