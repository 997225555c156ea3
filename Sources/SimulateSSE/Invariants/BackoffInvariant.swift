import SimulateCore

/// `sse.backoff`: every reconnect wait is exactly what the policy says for the number of
/// consecutive failures since the last successful connect, and lasts exactly that long.
enum BackoffInvariant {
    static func evaluate(
        _ client: SSEClient, policy: BackoffPolicy, resetOn: BackoffReset, end: VirtualInstant
    ) -> [Violation] {
        var replay = Replay(client: client, policy: policy, resetOn: resetOn)
        for (index, event) in client.log.enumerated() {
            replay.step(event, index)
        }
        replay.finish(end: end)
        return replay.list.result
    }

    /// The client's log replayed event by event: failures since the last reset, and the wait under way.
    private struct Replay {
        let client: SSEClient
        let policy: BackoffPolicy
        let resetOn: BackoffReset
        var list = ViolationList()
        var failures = 0
        var previous: VirtualDuration
        var wait: (time: VirtualInstant, delay: VirtualDuration, index: Int)?
        /// A failure happened: the next attempt must follow a wait.
        var needsWait = false
        var attempts = 0

        init(client: SSEClient, policy: BackoffPolicy, resetOn: BackoffReset) {
            self.client = client
            self.policy = policy
            self.resetOn = resetOn
            previous = policy.initialDelay
        }

        var id: String { client.device.id }

        mutating func step(_ event: ClientEvent, _ index: Int) {
            let time = event.time
            switch event.kind {
            case .attempt:
                attempt(time, index)
            case .refusedThenWaited:
                attempt(time, index)
                needsWait = true
                waitStarted(time, event.delay, index)
            case .connected where resetOn == .firstByte, .firstEvent where resetOn == .firstEvent:
                failures = 0
                previous = policy.initialDelay
            case .attemptFailed, .disconnected:
                needsWait = true
            case .launched:
                failures = 0
                previous = policy.initialDelay
                wait = nil
                needsWait = false
                attempts = 0
            case .waitStarted:
                waitStarted(time, event.delay, index)
            default:
                break
            }
        }

        /// A connection attempt: after the first, only once the wait under way has lasted exactly its delay.
        private mutating func attempt(_ time: VirtualInstant, _ index: Int) {
            attempts += 1
            if let pending = wait, time - pending.time != pending.delay {
                add(
                    time, index,
                    "\(id) reconnected after \(DurationFormat.string(time - pending.time)) instead of its "
                        + "\(DurationFormat.string(pending.delay)) backoff wait")
            } else if wait == nil && attempts > 1 {
                add(time, index, "\(id) reconnected without a backoff wait")
            }
            wait = nil
        }

        /// A wait began: its delay is the policy's for the failures so far, and a failure came before it.
        private mutating func waitStarted(_ time: VirtualInstant, _ delay: VirtualDuration, _ index: Int) {
            let base = policy.baseDelay(failures: failures)
            let range = policy.allowedRange(base: base, previous: previous)
            if !range.contains(delay) {
                let expected =
                    range.lowerBound == range.upperBound
                    ? DurationFormat.string(range.lowerBound)
                    : DurationFormat.string(range.lowerBound) + "…" + DurationFormat.string(range.upperBound)
                add(
                    time, index,
                    "\(id) waited \(DurationFormat.string(delay)) before reconnecting; the policy says "
                        + "\(expected) after \(failures) failed attempt\(failures == 1 ? "" : "s") since the "
                        + "last successful connect (reset on \(resetOn.rawValue))")
            }
            if !needsWait { add(time, index, "\(id) started a backoff wait without a failure") }
            needsWait = false
            previous = delay
            failures += 1
            wait = (time, delay, index)
        }

        /// The end of the run: a wait that should have ended in an attempt.
        mutating func finish(end: VirtualInstant) {
            if let pending = wait, pending.time + pending.delay < end {
                add(
                    end, pending.index, "\(id) never reconnected after its \(DurationFormat.string(pending.delay)) wait"
                )
            }
        }

        private mutating func add(_ time: VirtualInstant, _ index: Int, _ message: String) {
            let violation = Violation(at: time, device: id, message: message, events: client.logLines(upTo: index))
            list.add(violation)
        }
    }
}
