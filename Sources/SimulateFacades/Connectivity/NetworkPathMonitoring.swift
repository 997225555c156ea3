/// Whether the device has a usable network, as `NWPath.status` says it.
public enum NetworkPathStatus: String, Sendable, Equatable {
    /// `.satisfied`: the device has a network (a partition is silent and still reads as satisfied).
    case satisfied
    /// `.unsatisfied`: no network, e.g. airplane mode.
    case unsatisfied
}

/// What `NWPathMonitor` tells an app, as an async sequence: the current status at once, then every
/// change. ``SimulatedPathMonitor`` gives the scenario's offline faults on a device;
/// `NWPathMonitorConnectivity` wraps `NWPathMonitor` on Apple platforms. macOS 15 / iOS 18: the
/// `Never` failure type of `AsyncSequence<_, Never>` needs them.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
public protocol NetworkPathMonitoring: Sendable {
    associatedtype Updates: AsyncSequence<NetworkPathStatus, Never> & Sendable
    func pathUpdates() -> Updates
}

@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
extension NetworkPathMonitoring {
    /// Returns once the path is satisfied (at once when it already is); cancellation ends the wait.
    public func waitUntilSatisfied() async {
        for await status in pathUpdates() where status == .satisfied { return }
    }
}
