/// Fault points in the app's own code, after FoundationDB's BUGGIFY: a place where the code can take
/// its rare path on purpose, so that a simulation exercises it.
///
/// ```swift
/// if SimulationFault.maybe("token refresh fails") { throw AuthError.refreshFailed }
/// ```
///
/// Outside a simulation (in the app, in a plain test) it is always false, and costs one task-local
/// read. Inside a run, for a task started with `spawn`: each point is active in a seed-chosen subset
/// of runs and, where active, fires at a seed-chosen subset of its calls (probabilities and how a
/// scenario or the command line turns points off or forces one: `FaultPointSettings`, docs/bug-patterns.md).
/// A point that fires is recorded in the trace and named in the run's report, with the virtual
/// time, the device and the task.
public enum SimulationFault {
    /// Whether the fault point `name` fires at this call: false outside a simulation.
    public static func maybe(_ name: String) -> Bool {
        if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) {
            guard let record = TaskRecord.current, let points = record.runtime.faultPoints else { return false }
            return points.fires(name, record: record)
        }
        return false
    }
}
