// `SchedulingExecutor` is in Swift 6.3 and later only (macOS 26.4 / iOS 26.4).
#if compiler(>=6.3)
    @_spi(ExperimentalScheduling) import _Concurrency

    /// `Task.sleep` asks the task's executor to run its wake-up job later (Swift 6.3's scheduling executors):
    /// on the simulation clock the job waits in virtual time like any event; on a system clock it is an
    /// escape, reported at once and never run. Earlier runtimes schedule such sleeps on the global
    /// executor instead: those show up when the wake-up comes back from another thread, or at the end.
    @available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *)
    extension SimulationExecutor: SchedulingExecutor {
        func enqueue<C: Clock>(_ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C)
        {
            if let clock = clock as? SimulationClock, let delay = delay as? Duration {
                enqueue(job, at: clock.now.advanced(by: delay).instant)
            } else {
                holdSystemClockSleep(job, clock: String(describing: C.self), delay: "for \(delay)")
            }
        }

        func enqueue<C: Clock>(_ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C) {
            if let instant = instant as? SimulationClock.Instant {
                enqueue(job, at: instant.instant)
            } else {
                holdSystemClockSleep(job, clock: String(describing: C.self), delay: "until \(instant)")
            }
        }
    }
#endif
