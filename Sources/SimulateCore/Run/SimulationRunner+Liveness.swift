/// Swarm mode's liveness phase: at its deadline every plugin run that states a liveness check is asked.
extension SimulationRunner {
    static func checkLiveness(_ phase: LivenessPhase, _ context: SimulationContext) -> [ExpectationResult] {
        context.runs.compactMap { name, run in
            guard let checking = run.base as? any LivenessChecking else { return nil }
            let violations = checking.livenessViolations().map { violation in
                var violation = violation
                violation.message =
                    "\(DurationFormat.string(phase.within)) after faults stopped "
                    + "(\(DurationFormat.string(phase.after))): " + violation.message
                return violation
            }
            return ExpectationResult(
                name: name + ".liveness", kind: .invariant, expectedViolated: false, passed: violations.isEmpty,
                violations: violations, path: phase.path)
        }
    }
}
