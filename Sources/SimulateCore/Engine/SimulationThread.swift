#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The thread a run started on: everything a simulated task does must happen there.
package struct SimulationThread: @unchecked Sendable {
    private let owner = pthread_self()

    package init() {}

    package var isCurrent: Bool { pthread_equal(pthread_self(), owner) != 0 }
}
