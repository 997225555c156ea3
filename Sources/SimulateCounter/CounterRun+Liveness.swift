import SimulateCore

/// Swarm mode's liveness for `counter`: once faults stop, every allocation has ended (handed out
/// or failed) on every device: none is stuck waiting or retrying.
extension CounterRun: LivenessChecking {
    public func livenessViolations() -> [Violation] {
        allocators.compactMap { allocator in
            let pending = allocator.pendingCount
            guard pending > 0 else { return nil }
            return Violation(
                at: context.now, device: allocator.device.id,
                message: "\(allocator.device.id) still has \(pending) allocations that have not ended")
        }
    }
}
