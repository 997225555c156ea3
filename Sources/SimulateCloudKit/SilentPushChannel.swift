import SimulateCore

/// A subscription's silent pushes, delivered as APNs does: late, coalesced, sometimes never.
///
/// The counter's `CKRecordZoneSubscription` (seed 000: "Manual `CKRecordZoneSubscription` only needed
/// for the counter record") and the model's zone subscription both send through one. A change by one
/// device pushes to every other device. A device in Simulator gets none (seed 000: "Push
/// notifications do not work on Simulator"). With ``Delivery/coalesce``, at most one push is on its
/// way to a device and one that arrives while the device is offline or partitioned is held until it
/// is back, as APNs keeps the last notification for an unreachable device; without it, such a push
/// is dropped.
public final class SilentPushChannel {
    /// How pushes travel: their delay, how many APNs loses, whether they coalesce.
    public struct Delivery: Sendable, Equatable {
        /// Each push's delay, drawn uniformly from the range (no draw when it is one value).
        public var delay: ClosedRange<VirtualDuration>
        /// The chance that APNs never delivers a push (0: every push arrives).
        public var dropProbability: Double
        /// At most one push pending per device; while a device is unreachable APNs keeps the last one.
        public var coalesce: Bool

        /// A delivery model; the defaults are a fixed delay, no loss, coalescing.
        public init(delay: ClosedRange<VirtualDuration>, dropProbability: Double = 0, coalesce: Bool = true) {
            self.delay = delay
            self.dropProbability = dropProbability
            self.coalesce = coalesce
        }
    }

    private let delivery: Delivery
    private let context: SimulationContext
    /// Per device, only when a delivery draws (a delay range or a drop chance).
    private var random: [SeededRandom]
    /// A push is on its way to the device (coalescing keeps it to one).
    private var pending: [Bool]
    /// A push arrived while the device was unreachable; APNs keeps the last one until it is back.
    private var held: [Bool]
    /// Pushes sent, one per receiving device and change.
    public private(set) var sent = 0
    /// Pushes handed to ``receive``.
    public private(set) var delivered = 0
    /// Pushes lost: Simulator, APNs's drop chance, or an unreachable device without coalescing.
    public private(set) var dropped = 0
    /// Pushes folded into one already on its way.
    public private(set) var coalesced = 0
    /// Called on the receiving device's delivery, at its virtual time.
    public var receive: (Device) -> Void = { _ in }

    /// A channel to every device of the run; `randomComponent` names the per-device random streams
    /// its delays and drops draw from (none are drawn for a fixed delay without drops).
    public init(context: SimulationContext, delivery: Delivery, randomComponent: String) {
        self.delivery = delivery
        self.context = context
        let draws = delivery.delay.lowerBound != delivery.delay.upperBound || delivery.dropProbability > 0
        random = draws ? context.devices.map { context.random(for: $0, component: randomComponent) } : []
        pending = Array(repeating: false, count: context.devices.count)
        held = pending
    }

    /// `origin` changed what the subscription watches (nil: no device did): every other device gets a push.
    public func send(from origin: Device?) {
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
        if delivery.coalesce && pending[index] {
            coalesced += 1
            return
        }
        if delivery.dropProbability > 0 && random[index].chance(delivery.dropProbability) {
            dropped += 1
            context.trace.instant(device.id, "push", "push.dropped")
            return
        }
        let delay =
            delivery.delay.lowerBound == delivery.delay.upperBound
            ? delivery.delay.lowerBound : random[index].duration(in: delivery.delay)
        pending[index] = true
        context.scheduler.schedule(after: delay) { [self] in
            pending[index] = false
            if context.network.isOffline(device) || context.network.isPartitioned(device) {
                if delivery.coalesce {
                    held[index] = true
                    context.trace.instant(device.id, "push", "push.held")
                } else {
                    dropped += 1
                    context.trace.instant(device.id, "push", "push.dropped", "device unreachable")
                }
                return
            }
            deliver(to: device)
        }
    }

    /// The device is back online: APNs hands over the push it kept.
    public func deviceOnline(_ device: Device) {
        guard held[device.index] else { return }
        held[device.index] = false
        deliver(to: device)
    }

    private func deliver(to device: Device) {
        delivered += 1
        context.trace.instant(device.id, "push", "push.received")
        receive(device)
    }
}
