import SimulateCore
import SimulateJSON
import SimulateSSE

extension ServeSession {
    /// Each fault's start acts on the connections already open; new ones meet it as they arrive.
    func scheduleFaults() {
        for window in faults.windows {
            scheduler.schedule(at: window.start) { [unowned self] in
                begin(window)
            }
            if window.end < scenario.end {
                scheduler.schedule(at: window.end) { [unowned self] in
                    trace.instant("network", "fault", "end " + window.kind.rawValue, window.deviceText)
                }
            }
        }
    }

    private func begin(_ window: FaultWindow) {
        trace.instant("network", "fault", window.kind.rawValue, window.deviceText)
        switch window.kind {
        case .offline:
            for connection in connections(of: window.devices) {
                if connection.role == .stream { endAttempt(of: connection, reason: "reset: offline") }
                connection.reset()
            }
        case .partition:
            for connection in connections(of: window.devices) { connection.isStalled = true }
        case .serverRestart:
            guard window.plugin == nil || window.plugin == "sse" else { return }
            log.restarts += 1
            trace.instant(Self.track, "connection", "restart", value: Int64(log.restarts))
            for connection in connections(of: nil) {
                if connection.role == .stream { endAttempt(of: connection, reason: "server restart") }
                connection.finish()
            }
        case .latency, .loss, .dropResponses, .serverError, .background:
            break
        }
    }

    /// `sse.serverMode` steps always; the devices' own steps only with `--apply-steps`, as mutations
    /// that reach the server at the step's time.
    func scheduleSteps() {
        for (index, step) in scenario.steps.enumerated() where step.plugin == "sse" {
            guard step.device == nil || options.applySteps,
                let action = scenario.action(ofStep: index, as: SSEAction.self)
            else { continue }
            let first = step.at.instant(runEnd: scenario.end)
            let count = min(step.repeat?.count ?? 1, FaultTimeline.occurrenceLimit)
            for occurrence in 0..<count {
                let time = first + (step.repeat?.every ?? .zero) * occurrence
                guard time <= scenario.end else { break }
                scheduler.schedule(at: time) { [unowned self] in
                    perform(action, of: step)
                }
            }
        }
    }

    private func perform(_ action: SSEAction, of step: StepSpec) {
        let device = step.device ?? "server"
        let mutation: Mutation?
        switch action.kind {
        case .serverMode(let mode):
            acceptThenClose = mode == .acceptThenClose
            trace.instant(Self.track, "mutation", "mode " + mode.rawValue)
            return
        case .relaunch:
            return
        case .client(.add(let text)):
            mutation = .add(text: text)
        case .client(let client):
            mutation = client.target.flatMap(itemID).map { client.mutation(itemID: $0) }
        }
        guard let mutation else {
            trace.instant(device, "post", "no such item", step.qualifiedName)
            return
        }
        let reply = board.apply(mutation, at: scheduler.now)
        log.mutations.append(
            ServeLog.MutationRecord(
                device: device, at: scheduler.now, name: mutation.name, detail: mutation.detail,
                outcome: reply == .unknownItem ? .unknownItem : .applied(version: board.version)))
        guard reply != .unknownItem else { return }
        trace.instant(Self.track, "mutation", mutation.name, "v\(board.version)", value: Int64(board.version))
        for stream in connections(of: nil) where stream.role == .stream && !stream.isStalled { sendState(to: stream) }
    }

    /// An item named as a step names it: its text (first match) or `{"index": N}` in the server's list.
    private func itemID(_ target: ItemTarget) -> String? {
        switch target {
        case .text(let text): return board.items.first { $0.text == text }?.id
        case .index(let index): return index < board.items.count ? board.items[index].id : nil
        }
    }

    /// Point checks of the server's own observables are read at their times.
    func scheduleChecks() {
        for (offset, expectation) in (scenario.expectations ?? []).enumerated()
        where ServeJudge.judges(expectation, in: scenario) {
            guard case .check(let at, let device, _) = expectation.kind,
                let observable = scenario.value(ofExpectation: expectation, at: offset, as: SSEObservable.self),
                let observe = ServeJudge.observation(of: observable.kind)
            else { continue }
            scheduler.schedule(at: at.instant(runEnd: scenario.end)) { [unowned self] in
                observations[offset] = observe(self, device)
            }
        }
    }

    /// The server's items as `sse.serverItems` shows them.
    var itemsJSON: JSON {
        .array(board.items.map { .object(JSONObject([("text", .string($0.text)), ("done", .bool($0.done))])) })
    }
}

extension FaultWindow {
    var deviceText: String { devices.map { $0.sorted().joined(separator: ",") } ?? "all devices" }
}
