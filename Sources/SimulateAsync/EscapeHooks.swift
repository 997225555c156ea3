#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Catches, at the moment it happens, a simulated task handing a job to the global concurrent
/// executor: an unstructured `Task { }` or `Task.detached` started inside the simulation, or a
/// child task given `globalConcurrentExecutor` as its preference. It uses the concurrency runtime's
/// hook `swift_task_enqueueGlobal_hook` (as swift-concurrency-extras' `withMainSerialExecutor`
/// does), chained to any hook installed before; it only reads the calling task's task-local record.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
enum EscapeHooks {
    typealias Original = @convention(thin) (UnownedJob) -> Void
    typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

    /// Installs the hook once per process; true when it is in place.
    static let installed: Bool = install()

    fileprivate nonisolated(unsafe) static var previous: Hook?

    private static func install() -> Bool {
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "swift_task_enqueueGlobal_hook") else {
            return false
        }
        let hook = symbol.assumingMemoryBound(to: Hook?.self)
        previous = hook.pointee
        hook.pointee = { job, original in
            noteGlobalEnqueue()
            if let previous = EscapeHooks.previous { previous(job, original) } else { original(job) }
        }
        return true
    }
}

/// Records an escape when the calling code runs in a simulated task on its run's thread.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
private func noteGlobalEnqueue() {
    guard let record = TaskRecord.current, record.runtime.isOnSimulationThread else { return }
    record.runtime.recordEscape(
        "\(record.label) started an unstructured task (Task { } or Task.detached; start it with spawn) or "
            + "hopped to the global concurrent executor at \(record.runtime.clock.now); its last known step: "
            + record.lastStepText)
}
