import SimulateAsync
import SimulateCore

/// The device's connectivity in a scenario: `unsatisfied` while an `offline` fault is on it,
/// `satisfied` otherwise. Partitions and lossy links are silent, as they are to `NWPathMonitor`.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
public struct SimulatedPathMonitor: NetworkPathMonitoring, @unchecked Sendable {
    let context: SimulationContext
    /// The device whose connectivity it reports.
    public let device: Device

    /// A monitor of `device` in the run of `context`.
    public init(context: SimulationContext, device: Device) {
        self.context = context
        self.device = device
    }

    /// The device's path status: first the status when the iterator first reads, then every change.
    public func pathUpdates() -> SimulatedPathUpdates {
        let hub = context.attachment(PathHub.self) { PathHub(context: context) }
        return SimulatedPathUpdates(hub: hub, device: device, runtime: SimulationRuntime.of(context))
    }
}

/// The updates of one device; each iterator starts with the status at the time it first reads.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
public struct SimulatedPathUpdates: AsyncSequence, @unchecked Sendable {
    /// A path status: satisfied or unsatisfied.
    public typealias Element = NetworkPathStatus
    let hub: PathHub
    let device: Device
    let runtime: SimulationRuntime

    /// An iterator over the device's path changes.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(listener: hub.listen(device), runtime: runtime)
    }

    /// Reads the device's path changes in order.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let listener: PathListener
        let runtime: SimulationRuntime

        /// The next status, waiting in virtual time for a change; nil when the task is cancelled.
        public mutating func next() async -> NetworkPathStatus? {
            await listener.next(runtime)
        }
    }
}

/// Hears the network's connectivity reports once per run and hands them to every listener.
final class PathHub {
    private let context: SimulationContext
    private var listeners: [[PathListener]]

    init(context: SimulationContext) {
        self.context = context
        listeners = Array(repeating: [], count: context.devices.count)
        context.network.observeConnectivity { [unowned self] device, online in
            for listener in listeners[device.index] { listener.deliver(online ? .satisfied : .unsatisfied) }
        }
    }

    func listen(_ device: Device) -> PathListener {
        let listener = PathListener(initial: context.network.isOffline(device) ? .unsatisfied : .satisfied)
        listeners[device.index].append(listener)
        return listener
    }
}

/// One iterator's queue of statuses not yet read.
final class PathListener: @unchecked Sendable {
    private var pending: [NetworkPathStatus]
    private var resume: ((NetworkPathStatus?) -> Void)?

    init(initial: NetworkPathStatus) {
        pending = [initial]
    }

    func deliver(_ status: NetworkPathStatus) {
        if let resume {
            self.resume = nil
            resume(status)
        } else {
            pending.append(status)
        }
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func next(_ runtime: SimulationRuntime) async -> NetworkPathStatus? {
        if !pending.isEmpty { return pending.removeFirst() }
        return try? await runtime.suspend("waiting for a network path update") {
            (wait: SimulationContinuation<NetworkPathStatus?>) in
            resume = { wait.resume(returning: $0) }
            wait.onCancel { [self] in resume = nil }
        }
    }
}
