/// Why a simulation stopped before its end time.
public enum SimulationError: Error, Sendable, CustomStringConvertible {
    /// More events ran than the budget allows: the scenario does not quiesce.
    case eventBudgetExceeded(budget: Int, at: VirtualInstant)
    /// More events waited at once than the queue holds.
    case queueFull(capacity: Int, at: VirtualInstant)
    /// An event was asked for before the current time.
    case scheduledInPast(requested: VirtualInstant, now: VirtualInstant)

    /// What stopped the run, and what to do about it.
    public var description: String {
        switch self {
        case .eventBudgetExceeded(let budget, let time):
            "event budget of \(budget) events exhausted at \(DurationFormat.string(time)) of virtual time: "
                + "the scenario does not quiesce, or needs more events than that (raise it with \"limits\": {\"events\": N} or --event-budget)"
        case .queueFull(let capacity, let time):
            "more than \(capacity) events pending at \(DurationFormat.string(time)) of virtual time: the scenario "
                + "schedules work faster than it runs (a repeat or interval far shorter than the latencies?)"
        case .scheduledInPast(let requested, let now):
            "an event was scheduled at \(DurationFormat.string(requested)) of virtual time, before the current time "
                + "\(DurationFormat.string(now)) (a negative delay, or a time computed from an earlier instant): "
                + "the run stopped there rather than move the event"
        }
    }
}
