import SimulateCore

/// `sse.backoff`: every reconnect wait is exactly what the policy says for the number of
/// consecutive failures since the last successful connect, and lasts exactly that long. Judged entry
/// by entry as the client's log is written.
final class BackoffInvariant: ClientLogWatcher {
    private let id: String
    private let policy: BackoffPolicy
    private let resetOn: BackoffReset
    private var list = ViolationList()
    private var failures = 0
    private var previous: VirtualDuration
    private var wait: (time: VirtualInstant, delay: VirtualDuration, recent: RecentEvents)?
    private var needsWait = false
    private var attempts = 0
    /// How long a connection must stay up before its success restarts the backoff (0: at once).
    private let stableFor: VirtualDuration
    /// When the connection that has not yet restarted the backoff succeeded.
    private var succeededAt: VirtualInstant?

    init(device: String, policy: BackoffPolicy, resetOn: BackoffReset, stableFor: VirtualDuration = .zero) {
        id = device
        self.policy = policy
        self.resetOn = resetOn
        self.stableFor = stableFor
        previous = policy.initialDelay
    }

    private func restart() {
        failures = 0
        previous = policy.initialDelay
    }

    private func add(_ time: VirtualInstant, _ recent: RecentEvents, _ message: String) {
        list.add(Violation(at: time, device: id, message: message, events: recent.lines(device: id)))
    }

    private func attempt(_ time: VirtualInstant, _ recent: RecentEvents) {
        attempts += 1
        if let pending = wait, time - pending.time != pending.delay {
            add(
                time, recent,
                "\(id) reconnected after \(DurationFormat.string(time - pending.time)) instead of its "
                    + "\(DurationFormat.string(pending.delay)) backoff wait")
        } else if wait == nil && attempts > 1 {
            add(time, recent, "\(id) reconnected without a backoff wait")
        }
        wait = nil
    }

    private func waitStarted(_ time: VirtualInstant, _ delay: VirtualDuration, _ recent: RecentEvents) {
        let base = policy.baseDelay(failures: failures)
        let range = policy.allowedRange(base: base, previous: previous)
        if !range.contains(delay) {
            let expected =
                range.lowerBound == range.upperBound
                ? DurationFormat.string(range.lowerBound)
                : DurationFormat.string(range.lowerBound) + "…" + DurationFormat.string(range.upperBound)
            add(
                time, recent,
                "\(id) waited \(DurationFormat.string(delay)) before reconnecting; the policy says "
                    + "\(expected) after \(failures) failed attempt\(failures == 1 ? "" : "s") since the "
                    + "last successful connect (reset on \(resetOn.rawValue)"
                    + (stableFor == .zero ? "" : " once up for \(DurationFormat.string(stableFor))") + ")")
        }
        if !needsWait { add(time, recent, "\(id) started a backoff wait without a failure") }
        needsWait = false
        previous = delay
        failures += 1
        wait = (time, delay, recent)
    }

    func observe(_ event: ClientEvent, recent: RecentEvents) {
        let time = event.time
        switch event.kind {
        case .attempt:
            attempt(time, recent)
        case .refusedThenWaited:
            attempt(time, recent)
            needsWait = true
            waitStarted(time, event.delay, recent)
        case .connected where resetOn == .firstByte, .firstEvent where resetOn == .firstEvent:
            if stableFor == .zero { restart() } else { succeededAt = time }
        case .attemptFailed, .disconnected:
            if let succeeded = succeededAt, time - succeeded >= stableFor { restart() }
            succeededAt = nil
            needsWait = true
        case .launched:
            failures = 0
            previous = policy.initialDelay
            wait = nil
            needsWait = false
            attempts = 0
        case .waitStarted:
            waitStarted(time, event.delay, recent)
        default:
            break
        }
    }

    /// The violations of the whole run, at its `end`. Leaves the state as it is, so it can be asked again.
    func violations(end: VirtualInstant) -> [Violation] {
        var list = list
        if let pending = wait, pending.time + pending.delay < end {
            list.add(
                Violation(
                    at: end, device: id,
                    message: "\(id) never reconnected after its \(DurationFormat.string(pending.delay)) wait",
                    events: pending.recent.lines(device: id)))
        }
        return list.result
    }
}
