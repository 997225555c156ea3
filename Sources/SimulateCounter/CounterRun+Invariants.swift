import SimulateCore
import SimulateJSON

/// The counter's invariants: `unique` and `retryBound` judged as allocations end (CounterRun+Watch.swift),
/// `contiguous` over the set of values handed out, at the end of the run.
extension CounterRun {
    static let violationLimit = 50

    public func evaluate(_ invariant: CounterInvariant) -> [Violation] {
        switch invariant {
        case .unique: uniqueViolations()
        case .contiguous(let contiguous): contiguousViolations(upToServerValue: contiguous.upTo == .value)
        case .retryBound(let bound):
            retryBoundViolations(maxAttempts: resolvedMaxAttempts(bound), allowPending: bound.allowPending)
        case .retryAfter: retryAfterViolations()
        }
    }

    private func event(_ allocation: FinishedAllocation) -> String {
        let outcome = allocation.value.map { "displayId \($0)" } ?? "\(allocation.error?.description ?? "pending")"
        return "\(DurationFormat.secondsText(allocation.finishedAt)) \(context.devices[allocation.deviceIndex].id) "
            + "counter.allocated \(outcome) after \(allocation.attempts) attempts"
    }

    private func pendingEvent(_ allocation: Allocation) -> String {
        "\(DurationFormat.secondsText(context.now)) \(context.devices[allocation.deviceIndex].id) "
            + "counter.allocated pending after \(allocation.attempts) attempts"
    }

    private func capped(_ violations: [Violation], total: Int) -> [Violation] {
        guard total > violations.count else { return violations }
        return violations
            + [
                .omitted(
                    total - violations.count, at: context.now,
                    message: "… and \(total - violations.count) more violations")
            ]
    }

    func uniqueViolations() -> [Violation] {
        guard let watch = uniqueWatch else { preconditionFailure("counter.unique was not watched") }
        var violations: [Violation] = []
        let total = watch.total + (appAllocators?.unbackedCount ?? 0)
        // An id no answered save backs comes first: it is what the duplicates after it come from.
        for (allocation, answered) in appAllocators?.unbacked ?? [] {
            guard violations.count < Self.violationLimit, let value = allocation.value else { continue }
            let device = context.devices[allocation.deviceIndex].id
            let saves =
                answered.isEmpty
                ? "no save of the counter was answered to \(device) during that allocation"
                : "the saves answered to \(device) during that allocation set "
                    + answered.map(String.init).joined(separator: ", ")
            violations.append(
                Violation(
                    at: allocation.finishedAt, device: device,
                    message: "\(device) handed out displayId \(value), but \(saves)", events: [event(allocation)]))
        }
        for (allocation, first) in watch.repeats {
            guard violations.count < Self.violationLimit, let value = allocation.value else { continue }
            let device = context.devices[allocation.deviceIndex].id
            if let first {
                let firstDevice = context.devices[first.deviceIndex].id
                violations.append(
                    Violation(
                        at: allocation.finishedAt, device: device,
                        message: "displayId \(value) handed out twice (first to \(firstDevice))",
                        events: [event(first), event(allocation)]))
            } else {
                violations.append(
                    Violation(
                        at: allocation.finishedAt, device: device,
                        message:
                            "displayId \(value) handed out twice (first more than \(UniqueWatch.remembered) "
                            + "distinct displayIds earlier)",
                        events: [event(allocation)]))
            }
        }
        return capped(violations, total: total)
    }

    func contiguousViolations(upToServerValue: Bool) -> [Violation] {
        let values = log.values
        let serverValue = Int(server.record(configuration.recordID)?[CounterConfiguration.valueKey]?.intValue ?? 0)
        let first = configuration.initialValue + 1
        let last = upToServerValue ? serverValue : (values.max ?? configuration.initialValue)
        var violations: [Violation] = []
        var gaps: [ClosedRange<Int>] = []
        var missing = 0
        var next = first
        for range in values.ranges where range.upperBound >= first && range.lowerBound <= last {
            let lower = max(range.lowerBound, first)
            if lower > next {
                gaps.append(next...(lower - 1))
                missing += lower - next
            }
            next = min(range.upperBound, last) + 1
        }
        if next <= last {
            gaps.append(next...last)
            missing += last - next + 1
        }
        if !gaps.isEmpty {
            let shown = gaps.prefix(20).map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)–\($0.upperBound)" }
            violations.append(
                Violation(
                    at: context.now,
                    message:
                        "\(missing) displayIds of \(first)…\(last) were never handed out: "
                        + shown.joined(separator: ", ") + (gaps.count > 20 ? ", …" : "")
                        + (upToServerValue ? " (the server's counter is \(serverValue))" : "")))
        }
        let above = values.outside(first: first, last: last)
        if let highest = above.highest {
            violations.append(
                Violation(
                    at: context.now,
                    message:
                        "\(above.count) displayIds lie outside \(first)…\(last), up to \(highest) "
                        + "(handed out without the server's counter reaching them)"))
        }
        return violations
    }

    func retryBoundViolations(maxAttempts: Int, allowPending: Bool) -> [Violation] {
        guard
            let watch = retryBoundWatches.first(where: {
                $0.maxAttempts == maxAttempts && $0.allowPending == allowPending
            })
        else { preconditionFailure("counter.retryBound was not watched") }
        // Ended allocations over the bound and pending ones, by index: the first `violationLimit` are listed.
        var listed: [(index: Int, violation: Violation)] = watch.over.map { allocation in
            (
                allocation.index,
                Violation(
                    at: allocation.finishedAt, device: context.devices[allocation.deviceIndex].id,
                    message: "allocation took \(allocation.attempts) attempts (bound \(maxAttempts))",
                    events: [event(allocation)])
            )
        }
        var total = watch.total
        for (index, allocation) in log.allocations.entries {
            let message: String
            if allocation.attempts > maxAttempts {
                message = "allocation took \(allocation.attempts) attempts (bound \(maxAttempts))"
            } else if !allowPending {
                message =
                    "allocation requested at \(DurationFormat.secondsText(allocation.requestedAt)) "
                    + "neither allocated nor reported as failed by the end (\(allocation.attempts) attempts)"
            } else {
                continue
            }
            total += 1
            listed.append(
                (
                    index,
                    Violation(
                        at: context.now, device: context.devices[allocation.deviceIndex].id, message: message,
                        events: [pendingEvent(allocation)])
                ))
        }
        listed.sort { $0.index < $1.index }
        return capped(listed.prefix(Self.violationLimit).map(\.violation), total: total)
    }

    func retryAfterViolations() -> [Violation] {
        var violations: [Violation] = []
        var total = 0
        for allocator in allocators {
            total += allocator.client.earlyRequests
            for early in allocator.client.earlyRequestsSent {
                let tooEarly = DurationFormat.secondsText((early.retryAfterEnds - early.sentAt).nanoseconds)
                let wait = DurationFormat.string(early.retryAfterEnds - early.retryAfterGivenAt)
                violations.append(
                    Violation(
                        at: early.sentAt, device: allocator.device.id,
                        message: "request sent \(tooEarly) before the server's retry-after had passed (\(wait) from "
                            + "its answer at \(DurationFormat.secondsText(early.retryAfterGivenAt)), until "
                            + "\(DurationFormat.secondsText(early.retryAfterEnds)))"))
            }
        }
        violations.sort { ($0.at, $0.device ?? "") < ($1.at, $1.device ?? "") }
        return capped(Array(violations.prefix(Self.violationLimit)), total: total)
    }
}
