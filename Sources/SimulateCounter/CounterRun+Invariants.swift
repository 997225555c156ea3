import SimulateCore
import SimulateJSON

/// The counter's invariants, evaluated over the allocation log at the end of the run.
extension CounterRun {
    static let violationLimit = 50

    public func evaluate(_ invariant: CounterInvariant) -> [Violation] {
        switch invariant {
        case .unique: uniqueViolations()
        case .contiguous(let contiguous): contiguousViolations(upToServerValue: contiguous.upTo == .value)
        case .retryBound(let bound):
            // maxAttempts is the reference allocator's setting: an app allocator's own bound is its
            // own, so only an explicit `maxAttempts` argument bounds its attempts.
            retryBoundViolations(
                maxAttempts: bound.maxAttempts
                    ?? (configuration.appAllocator == nil ? configuration.maxAttempts : .max),
                allowPending: bound.allowPending)
        case .retryAfter: retryAfterViolations()
        }
    }

    private func event(_ index: Int) -> String {
        let allocation = log.allocations[index]
        let time = DurationFormat.secondsText(allocation.finishedAt ?? context.now)
        let device = context.devices[allocation.deviceIndex].id
        let outcome = allocation.value.map { "displayId \($0)" } ?? "\(log.errors[index]?.description ?? "pending")"
        return "\(time) \(device) counter.allocated \(outcome) after \(allocation.attempts) attempts"
    }

    private func capped(_ violations: [Violation], total: Int) -> [Violation] {
        guard total > violations.count else { return violations }
        return violations
            + [Violation(at: context.now, message: "… and \(total - violations.count) more violations")]
    }

    func uniqueViolations() -> [Violation] {
        var holders: [Int: Int] = Dictionary(minimumCapacity: log.handedOut.count)
        var violations: [Violation] = []
        var total = 0
        for index in log.handedOut {
            let allocation = log.allocations[index]
            guard let value = allocation.value else { continue }
            // One lookup for the common case of a new value; a repeated one keeps its first holder.
            guard let first = holders.updateValue(index, forKey: value) else { continue }
            holders[value] = first
            total += 1
            guard violations.count < Self.violationLimit else { continue }
            let firstDevice = context.devices[log.allocations[first].deviceIndex].id
            violations.append(
                Violation(
                    at: allocation.finishedAt ?? context.now,
                    device: context.devices[allocation.deviceIndex].id,
                    message: "displayId \(value) handed out twice (first to \(firstDevice))",
                    events: [event(first), event(index)]))
        }
        for (index, answered) in appAllocators?.unbacked ?? [] {
            total += 1
            guard violations.count < Self.violationLimit, let value = log.allocations[index].value else { continue }
            let allocation = log.allocations[index]
            let device = context.devices[allocation.deviceIndex].id
            let saves =
                answered.isEmpty
                ? "no save of the counter was answered to \(device) during that allocation"
                : "the saves answered to \(device) during that allocation set "
                    + answered.map(String.init).joined(separator: ", ")
            violations.append(
                Violation(
                    at: allocation.finishedAt ?? context.now, device: device,
                    message: "\(device) handed out displayId \(value), but \(saves)", events: [event(index)]))
        }
        return capped(violations, total: total)
    }

    func contiguousViolations(upToServerValue: Bool) -> [Violation] {
        // The handed-out values, sorted, each once.
        var values: [Int] = []
        values.reserveCapacity(log.handedOut.count)
        for value in log.handedOut.compactMap({ log.allocations[$0].value }).sorted() where values.last != value {
            values.append(value)
        }
        let serverValue = Int(server.record(configuration.recordID)?[CounterConfiguration.valueKey]?.intValue ?? 0)
        let first = configuration.initialValue + 1
        let last = upToServerValue ? serverValue : (values.last ?? configuration.initialValue)
        var violations: [Violation] = []
        var gaps: [ClosedRange<Int>] = []
        var missing = 0
        var next = first
        for value in values where value >= first && value <= last {
            if value > next {
                gaps.append(next...(value - 1))
                missing += value - next
            }
            next = value + 1
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
        let above = values.filter { $0 > last || $0 < first }
        if let highest = above.last {
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
        var violations: [Violation] = []
        var total = 0
        for (index, allocation) in log.allocations.enumerated() {
            let message: String
            if allocation.attempts > maxAttempts {
                message = "allocation took \(allocation.attempts) attempts (bound \(maxAttempts))"
            } else if !allocation.isFinished && !allowPending {
                message =
                    "allocation requested at \(DurationFormat.secondsText(allocation.requestedAt)) "
                    + "neither allocated nor reported as failed by the end (\(allocation.attempts) attempts)"
            } else {
                continue
            }
            total += 1
            guard violations.count < Self.violationLimit else { continue }
            violations.append(
                Violation(
                    at: allocation.finishedAt ?? context.now,
                    device: context.devices[allocation.deviceIndex].id, message: message,
                    events: [event(index)]))
        }
        return capped(violations, total: total)
    }

    func retryAfterViolations() -> [Violation] {
        var violations: [Violation] = []
        var total = 0
        for allocator in allocators {
            total += allocator.client.earlyRequests
            for time in allocator.client.earlyRequestTimes where violations.count < Self.violationLimit {
                violations.append(
                    Violation(
                        at: time, device: allocator.device.id,
                        message: "request sent before the server's retry-after had passed"))
            }
        }
        return capped(violations, total: total)
    }
}
