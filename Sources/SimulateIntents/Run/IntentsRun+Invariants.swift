import SimulateCore
import SimulateJSON
import SimulateModel

extension IntentsRun {
    public func evaluate(_ invariant: IntentsInvariant) -> [Violation] {
        let end = context.now
        switch invariant {
        case .jsonOut(let arguments):
            let answers = arguments.shape == .documented ? shapeViolations : notJSONViolations
            var violations = answers.all(end: end) + systemCancellations.all(end: end)
            if !arguments.allowPending { violations += unanswered() }
            return violations
        case .fuzzCodes:
            return fuzzViolations.all(end: end)
        case .uniqueDisplayIds:
            return answeredTwice() + storedTwice()
        }
    }

    /// Calls still waiting at the end: the caller got no JSON at all.
    private func unanswered() -> [Violation] {
        var violations = ViolationLog()
        for id in pending.keys.sorted() {
            guard let call = pending[id] else { continue }
            violations.append(
                Violation(
                    at: context.now, device: call.device.id,
                    message: "\(call.intent) called at \(DurationFormat.secondsText(call.calledAt)) with input "
                        + "\(excerpt(call.input)) had no answer by the end of the run",
                    events: [traceLine(call, "intents.call \(call.intent)")]))
        }
        return violations.all(end: context.now)
    }

    /// A displayId that addTask answered on more than one call, on any devices; with the app's own intents, a
    /// displayId that answers named for two different tasks (or for tasks without an `id`).
    private func answeredTwice() -> [Violation] {
        var first: [Int64: (device: Int, at: VirtualInstant, task: String?)] = [:]
        var violations = ViolationLog()
        let what = appHandlers == nil ? "addTask" : "an intent"
        let prefix = appHandlers == nil ? "addTask " : ""
        // In the order answered, across devices: the later answer is the duplicate.
        let answered = logs.enumerated().flatMap { index, log in log.displayIDs.map { (index, $0.id, $0.at, $0.task) } }
            .enumerated().sorted { ($0.element.2, $0.offset) < ($1.element.2, $1.offset) }.map(\.element)
        for (index, id, time, task) in answered {
            guard let earlier = first[id] else {
                first[id] = (index, time, task)
                continue
            }
            if let task, task == earlier.task { continue }
            let other = context.devices[earlier.device].id
            let named = { (task: String?) in task.map { " for task \(JSONWriter.string(.string($0)))" } ?? "" }
            violations.append(
                Violation(
                    at: time, device: context.devices[index].id,
                    message: "\(what) answered displayId \(id)\(named(task)), which \(other) was answered at "
                        + DurationFormat.secondsText(earlier.at) + named(earlier.task),
                    events: [
                        "\(DurationFormat.secondsText(earlier.at)) \(other) \(prefix)displayId \(id)\(named(earlier.task))",
                        "\(DurationFormat.secondsText(time)) \(context.devices[index].id) \(prefix)displayId \(id)\(named(task))",
                    ]))
        }
        return violations.all(end: context.now)
    }

    /// At the end, two tasks in one device's store with the same displayId (after whatever syncing happened).
    private func storedTwice() -> [Violation] {
        guard let store = router.store else { return [] }
        var violations = ViolationLog()
        for device in context.devices {
            guard case .success(let tasks) = store.fetch(entity: "Task", where: nil, on: device) else { continue }
            var holders: [Int64: [String]] = [:]
            for task in tasks {
                guard let id = task["displayId"]?.int64Value else { continue }
                holders[id, default: []].append(task["@id"]?.stringValue ?? "?")
            }
            for (id, names) in holders.sorted(by: { $0.key < $1.key }) where names.count > 1 {
                violations.append(
                    Violation(
                        at: context.now, device: device.id,
                        message: "\(names.count) tasks on \(device.id) share displayId \(id): "
                            + names.sorted().joined(separator: ", ")))
            }
        }
        return violations.all(end: context.now)
    }
}
