import SimulateCore

/// Swarm mode's liveness for `model`: once faults stop, every device has converged: it holds exactly
/// the server's objects, values and links, with nothing left to export (the `converged` check, now).
extension ModelRun: LivenessChecking {
    public func livenessViolations() -> [Violation] {
        ConvergenceCheck(run: self, snapshot: ServerSnapshot(self)).violations()
    }
}
