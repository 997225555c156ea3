import SimulateCore

/// Swarm mode's liveness for `intents`: once faults stop, every intent call has been answered.
extension IntentsRun: LivenessChecking {
    public func livenessViolations() -> [Violation] {
        pending.values.sorted { $0.calledAt < $1.calledAt }.map { call in
            Violation(
                at: context.now, device: call.device.id,
                message: "\(call.device.id)'s \(call.intent) call at "
                    + "\(DurationFormat.string(call.calledAt)) has no answer yet")
        }
    }
}
