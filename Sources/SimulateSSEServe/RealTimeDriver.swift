import NIOCore
import SimulateCore

/// Runs a scheduler against the wall clock on one event loop: virtual time is real time since `start()`
/// times `speed`, up to `duration`. `serve` and `probe` talk to real sockets, so their time is real by
/// definition; the scheduler still orders the scenario's faults, steps and checks.
final class RealTimeDriver {
    let scheduler: Scheduler
    let loop: EventLoop
    let speed: Double
    let duration: VirtualDuration
    private var startedAt: NIODeadline?
    private var tick: Scheduled<Void>?
    private(set) var isFinished = false
    /// Set while `catchUp()` runs the scheduler: an event that asks to advance (a delivery does) is
    /// handled when the catch-up ends, not inside it.
    private var isCatchingUp = false
    private var advanceAsked = false
    /// Called once, on the loop, when the duration has passed, `stop()` was called, or the run broke.
    var onFinish: (RunFailure?) -> Void = { _ in }

    init(scheduler: Scheduler, loop: EventLoop, speed: Double, duration: VirtualDuration) {
        self.scheduler = scheduler
        self.loop = loop
        self.speed = speed
        self.duration = duration
    }

    var hasStarted: Bool { startedAt != nil }

    func start() {
        loop.assertInEventLoop()
        guard startedAt == nil else { return }
        startedAt = .now()
        advance()
    }

    var virtualNow: VirtualInstant {
        guard let startedAt else { return .start }
        // NIO's clock and timers count nanoseconds: real time crosses into virtual time only here and
        // in `advance()`'s timer.
        let real = (NIODeadline.now() - startedAt).nanoseconds
        return .start + min(duration, .nanoseconds(Int64((Double(real) * speed).rounded())))
    }

    /// The real time a virtual span takes: a real client's own timing is judged in real time.
    func realDuration(_ virtual: VirtualDuration) -> VirtualDuration {
        .nanoseconds(Int64((Double(virtual.nanoseconds) / speed).rounded()))
    }

    /// Brings the scheduler up to the present before handling something that just happened.
    func catchUp() {
        guard !isFinished, startedAt != nil, !isCatchingUp else { return }
        isCatchingUp = true
        do {
            try scheduler.run(through: virtualNow)
        } catch {
            finish(RunFailure(message: error.description, at: scheduler.now))
        }
        isCatchingUp = false
        if advanceAsked {
            advanceAsked = false
            if !isFinished { setTimer() }
        }
    }

    /// Runs what is due, then sets a timer for the next event (at most 200 ms away). Asked inside a
    /// catch-up, it only sets the timer when the catch-up ends: run inside it, a catch-up that took long
    /// enough for the end to pass finished the run from inside its own batch, and the rest of the batch,
    /// due before the end, was never sent.
    func advance() {
        if isCatchingUp {
            advanceAsked = true
            return
        }
        catchUp()
        guard !isFinished else { return }
        if virtualNow >= VirtualInstant.start + duration {
            // On a loaded machine the catch-up above can take long enough for the end to pass: what was
            // due between the two readings of the clock runs before the verdict.
            catchUp()
            return finish(nil)
        }
        setTimer()
    }

    /// The timer for the next event, or for the end (at most 200 ms away, at least 1 ms).
    private func setTimer() {
        let now = virtualNow
        let end = VirtualInstant.start + duration
        tick?.cancel()
        let next = min(scheduler.nextEventTime ?? end, end)
        let waitReal = min(realDuration(max(.zero, next - now)), .milliseconds(200))
        let wait = max(waitReal, .milliseconds(1))
        tick = loop.assumeIsolated().scheduleTask(in: .nanoseconds(wait.nanoseconds)) { [weak self] in self?.advance() }
    }

    func stop() {
        loop.assertInEventLoop()
        if startedAt == nil { startedAt = .now() }
        catchUp()
        finish(nil)
    }

    private func finish(_ failure: RunFailure?) {
        guard !isFinished else { return }
        isFinished = true
        tick?.cancel()
        onFinish(failure)
    }
}
