#if canImport(Network)
    import Network

    /// ``NetworkPathMonitoring`` over `NWPathMonitor`, for the app itself. Compiled only on Apple
    /// platforms; this repository's CI (Linux) cannot build or run it.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    public struct NWPathMonitorConnectivity: NetworkPathMonitoring {
        public init() {}

        /// A new monitor per sequence; it is cancelled when the sequence's consumer stops.
        public func pathUpdates() -> AsyncStream<NetworkPathStatus> {
            AsyncStream { continuation in
                let monitor = NWPathMonitor()
                monitor.pathUpdateHandler = { path in
                    continuation.yield(path.status == .satisfied ? .satisfied : .unsatisfied)
                }
                continuation.onTermination = { _ in monitor.cancel() }
                monitor.start(queue: DispatchQueue(label: "NWPathMonitorConnectivity"))
            }
        }
    }
#endif
