import SimulateCore
import SimulateJSON

/// Every mutation a user fired, kept only while something can still change what `mutationsDelivered` and
/// `noRevert` say of it (README.md, "Memory"): until the server's receipt and the POST's answer are in and no
/// client still shows it optimistically, or, for a mutation that never reached the server, until its request
/// is over (the network let go of it). Their violations are kept as they are decided: the first
/// ``ViolationList`` limit of each, in the order the report lists them, and a count.
final class MutationLedger {
    /// Lives as long as a mutation's request may still reach the server: the request's `serve` holds it.
    final class Token {}

    private struct Entry {
        var fired: FiredMutation
        var receipt: ServerReceipt?
        /// The POST was answered (or failed) on the client.
        var answered = false
        /// Clients showing it optimistically (each client's `pendingOptimistic`).
        var holds = 0
        /// nil: the request's end is not known (an app's own HTTP request): kept until the run ends.
        weak var token: Token?
        var tracksRequest = false
        /// Reverts waiting for the receipt, by the order they happened.
        var reverts: [(order: Int, candidate: RevertCandidate)] = []
    }

    /// Mutations fired so far: the next one's serial is `count + 1`.
    private(set) var count = 0
    /// Mutations kept.
    var openCount: Int { open.count }
    private var open: [Int: Entry] = [:]
    private var sweepAt = 64
    private var revertOrder = 0
    private var undelivered = Decided()
    private var reverted = Decided()

    /// Records a mutation fired now; returns its serial and, when `tracksRequest`, the token its request's
    /// `serve` must hold.
    func fire(
        device: String, time: VirtualInstant, mutation: Mutation, text: String, optimistic: Bool,
        tracksRequest: Bool
    ) -> (serial: Int, token: Token?) {
        if open.count >= sweepAt { sweep() }
        count += 1
        var entry = Entry(
            fired: FiredMutation(
                serial: count, device: device, time: time, mutation: mutation, text: text, optimistic: optimistic))
        let token = tracksRequest ? Token() : nil
        entry.token = token
        entry.tracksRequest = tracksRequest
        open[count] = entry
        return (count, token)
    }

    /// The mutation while it is kept (its `mutation` names the trace's answer line).
    func fired(_ serial: Int) -> FiredMutation? { open[serial]?.fired }

    /// The client's answer to the POST.
    func answered(_ serial: Int, outcome: String) {
        guard open[serial] != nil else { return }
        open[serial]!.fired.outcome = outcome
        open[serial]!.answered = true
        settle(serial)
    }

    /// The server received the mutation (the first receipt counts).
    func received(_ receipt: ServerReceipt, serial: Int) {
        guard open[serial] != nil, open[serial]!.receipt == nil else { return }
        open[serial]!.receipt = receipt
        let waiting = open[serial]!.reverts
        open[serial]!.reverts = []
        for (order, candidate) in waiting { decide(candidate, order: order, receipt: receipt) }
        settle(serial)
    }

    /// The server's receipt, while the mutation is kept; nil once a client no longer shows it.
    func receipt(_ serial: Int) -> ServerReceipt? { open[serial]?.receipt }

    /// A client shows the mutation optimistically / no longer does.
    func hold(_ serial: Int) {
        open[serial]?.holds += 1
    }

    func release(_ serials: [Int]) {
        for serial in serials where open[serial] != nil {
            open[serial]!.holds -= 1
            settle(serial)
        }
    }

    /// An optimistic edit left the screen when an older state arrived: `noRevert` is violated when the
    /// server applied the mutation (as a version), whenever its receipt arrives.
    func reverted(_ candidate: RevertCandidate) {
        revertOrder += 1
        guard let entry = open[candidate.serial] else { return }
        if let receipt = entry.receipt {
            decide(candidate, order: revertOrder, receipt: receipt)
        } else {
            open[candidate.serial]!.reverts.append((revertOrder, candidate))
        }
    }

    /// `mutationsDelivered`: every mutation that never reached the server, by serial.
    var undeliveredViolations: [Violation] {
        var all = undelivered
        for (serial, entry) in open where entry.receipt == nil {
            all.add(order: serial, Self.undelivered(entry.fired))
        }
        return all.result
    }

    /// `noRevert`: every optimistic edit taken off the screen by an older state, in the order it happened.
    var revertViolations: [Violation] { reverted.result }

    private func decide(_ candidate: RevertCandidate, order: Int, receipt: ServerReceipt) {
        guard let version = receipt.version, let fired = open[candidate.serial]?.fired else { return }
        reverted.add(
            order: order,
            Violation(
                at: candidate.time, device: candidate.device,
                message:
                    "\(candidate.device)'s optimistic \(fired.mutation.name) \(JSONWriter.escape(fired.text)) "
                    + "left the screen when the older state v\(candidate.eventVersion) arrived; the server "
                    + "applied it as v\(version)",
                events: [
                    StateInvariants.line(fired.time, fired.device, fired.mutation.requestName + " (optimistic)"),
                    StateInvariants.line(candidate.time, candidate.device, "full state v\(candidate.eventVersion)"),
                    StateInvariants.line(receipt.time, SSEServer.track, "applied as v\(version)"),
                ]))
    }

    private static func undelivered(_ fired: FiredMutation) -> Violation {
        let outcome = fired.outcome ?? "no answer by the end"
        return Violation(
            at: fired.time, device: fired.device,
            message:
                "\(fired.device)'s \(fired.mutation.name) \(JSONWriter.escape(fired.text)) never reached "
                + "the server (\(fired.mutation.method): \(outcome))"
                + (fired.optimistic
                    ? "; it was shown optimistically and is gone after the next full state" : ""),
            events: [StateInvariants.line(fired.time, fired.device, fired.mutation.requestName + " → \(outcome)")])
    }

    /// Lets go of a mutation nothing can change any more.
    private func settle(_ serial: Int) {
        guard let entry = open[serial], entry.receipt != nil, entry.answered, entry.holds <= 0 else { return }
        open[serial] = nil
    }

    /// Mutations whose request is over without reaching the server: never delivered, and no revert of
    /// them is a violation; a client still showing one finds no receipt, as it would at the end.
    private func sweep() {
        for (serial, entry) in open
        where entry.receipt == nil && entry.answered && entry.tracksRequest && entry.token == nil {
            undelivered.add(order: serial, Self.undelivered(entry.fired))
            open[serial] = nil
        }
        sweepAt = max(64, open.count * 2)
    }
}

/// Violations decided in any order, listed by their order: the first ``ViolationList`` limit of them in
/// full and a closing count, as ``ViolationList`` lists them.
private struct Decided {
    private var kept: [(order: Int, violation: Violation)] = []
    private var total = 0
    private let limit = ViolationList().limit

    mutating func add(order: Int, _ violation: @autoclosure () -> Violation) {
        total += 1
        if kept.count == limit {
            guard let last = kept.last, order < last.order else { return }
            kept.removeLast()
        }
        let position = kept.firstIndex { $0.order > order } ?? kept.count
        kept.insert((order, violation()), at: position)
    }

    var result: [Violation] {
        var list = ViolationList(limit: limit)
        for (_, violation) in kept { list.add(violation) }
        var result = list.result
        if total > kept.count, let last = kept.last?.violation {
            result.append(
                Violation(
                    at: last.at, device: last.device,
                    message: "… and \(total - kept.count) more violations of the same invariant"))
        }
        return result
    }
}
