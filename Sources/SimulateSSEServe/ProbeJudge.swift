import SimulateCore
import SimulateJSON
import SimulateSSE

/// Judges what a real server sent the probe's clients, by the client-side rules of seed 002 and
/// `docs/sse.md`: full-state events (`sse.fullState`), server-issued ids (`sse.serverIds`) and
/// freshness after a mutation was answered (`sse.freshness`); and reads the clients' observables.
struct ProbeJudge: RealRunJudging {
    let session: ProbeSession

    static func evaluation(of kind: SSEInvariant.Kind) -> ((ProbeJudge) -> [Violation])? {
        switch kind {
        case .fullState: { $0.everyClient($0.fullState) }
        case .serverIds: { $0.everyClient($0.serverIDs) }
        case .freshness(let within): { judge in judge.everyClient { judge.freshness($0, within: within) } }
        case .offlineIndicator, .backoff, .converged, .mutationsDelivered, .noRevert, .reconnectRate: nil
        }
    }

    static func observation(of kind: SSEObservable.Kind) -> ((ProbeSession, String?) -> JSON)? {
        switch kind {
        case .connected: { .bool($0.client(on: $1).connected) }
        case .offlineIndicator: { .bool($0.client(on: $1).indicatorShown) }
        case .reconnectAttempts: { JSON($0.client(on: $1).reconnectAttempts) }
        case .serverVersion: { $0.client(on: $1).log.events.last.flatMap { Int64($0.id) }.map(JSON.integer) ?? .null }
        case .items, .serverItems: { $0.client(on: $1).itemsJSON }
        case .lastBackoffDelay, .temporaryItems, .serverRequests, .peakReconnectRate: nil
        }
    }

    /// How long an in-process optimistic edit is taken to stay pending. An assumption (docs/serve.md): a
    /// loopback or LAN round trip answers well within it.
    static let pendingEditWindow = VirtualDuration.seconds(1)

    static let side = "to the probe's client"

    /// The in-process reference client shows an optimistic edit from the moment of its step until the
    /// server's answer; the probe's client makes none, so a list read while an edit may be pending (a
    /// step of the device less than ``pendingEditWindow`` before the check) cannot be compared.
    static func cannotJudge(_ expectation: ExpectationSpec, in scenario: Scenario) -> String? {
        guard case .check(let at, let device, _) = expectation.kind, expectation.name == "items" else { return nil }
        let time = at.instant(runEnd: scenario.end)
        let timeout = pendingEditWindow
        for step in scenario.steps
        where step.plugin == "sse" && step.device != nil && (device == nil || step.device == device) {
            let first = step.at.instant(runEnd: scenario.end)
            for occurrence in 0..<min(step.repeat?.count ?? 1, FaultTimeline.occurrenceLimit) {
                let stepTime = first + (step.repeat?.every ?? .zero) * occurrence
                if stepTime > time { break }
                if time - stepTime < timeout {
                    return
                        "needs an optimistic edit: \(step.qualifiedName) at \(DurationFormat.secondsText(stepTime)) may still be pending, and the probe's client makes no optimistic edits"
                }
            }
        }
        return nil
    }

    func result(failure: RunFailure?) -> RunResult {
        let scenario = session.scenario
        let results = results(scenario, observations: session.observations)
        var statistics = JSONObject()
        statistics["clients"] = JSON(session.clients.count)
        statistics["streamsOpened"] = JSON(session.clients.reduce(0) { $0 + $1.log.opens.count })
        statistics["events"] = JSON(session.clients.reduce(0) { $0 + $1.log.events.count })
        statistics["connectFailures"] = JSON(session.clients.reduce(0) { $0 + $1.log.failures.count })
        statistics["requests"] = JSON(session.clients.reduce(0) { $0 + $1.log.answers.count })
        return RunResult(
            file: scenario.file, scenario: scenario.name, seed: scenario.seed,
            passed: failure == nil && results.allSatisfy(\.passed), traceHash: session.scheduler.hash.hex,
            events: session.scheduler.executedEvents, simulated: session.scheduler.now.sinceStart,
            expectations: results, statistics: ["probe": .object(statistics)], failure: failure,
            trace: session.trace.records)
    }

    /// One client-side rule over every client, in time order.
    private func everyClient(_ rule: (ProbeClient) -> [Violation]) -> [Violation] {
        session.clients.flatMap(rule).sorted { $0.at < $1.at }
    }

    /// Every event is a full item array with a numeric version id, versions never go back, and the
    /// array is the whole list the server holds at that version (``KnownServerList``), not a diff.
    private func fullState(_ client: ProbeClient) -> [Violation] {
        var violations: [Violation] = []
        var latest: Int64?
        let known = KnownServerList(
            initial: session.initialTexts, answers: session.clients.flatMap(\.log.answers))
        for event in client.log.events {
            if let known, let items = event.items, let version = Int(event.id),
                let difference = known.difference(version: version, items: items)
            {
                violations.append(
                    Violation(
                        at: event.at, device: client.device,
                        message: "event \(event.id) is not the full list: \(difference)"))
            }
            if event.items == nil {
                violations.append(
                    Violation(
                        at: event.at, device: client.device,
                        message:
                            "event data is not an array of {id, text, done, created} items: \(event.data.prefix(80))"))
            }
            guard let version = Int64(event.id) else {
                violations.append(
                    Violation(
                        at: event.at, device: client.device,
                        message: "event id \"\(event.id.prefix(40))\" is not a state version"))
                continue
            }
            if let latest, version < latest {
                violations.append(
                    Violation(
                        at: event.at, device: client.device,
                        message: "version \(version) arrived after version \(latest)"))
            }
            latest = max(latest ?? version, version)
        }
        return violations
    }

    /// Ids are decimal UnixNano strings, each new one above every earlier one, `created` its RFC 3339 second.
    private func serverIDs(_ client: ProbeClient) -> [Violation] {
        var violations: [Violation] = []
        var seen: Set<String> = []
        var highest: Int64 = .min
        for event in client.log.events {
            for item in event.items ?? [] where seen.insert(item.id).inserted {
                guard let id = Int64(item.id), item.id.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
                    violations.append(
                        Violation(
                            at: event.at, device: client.device,
                            message: "item \"\(item.text)\" has id \"\(item.id)\", not a UnixNano decimal string"))
                    continue
                }
                if id <= highest {
                    violations.append(
                        Violation(
                            at: event.at, device: client.device,
                            message: "new item \"\(item.text)\" has id \(id), not above the earlier id \(highest)"))
                }
                highest = max(highest, id)
                let second = PunchClock.rfc3339(unixNanoseconds: id)
                // An id bumped by 1 ns within one nanosecond may cross a second boundary.
                if item.created != second && item.created != PunchClock.rfc3339(unixNanoseconds: id - 1_000) {
                    violations.append(
                        Violation(
                            at: event.at, device: client.device,
                            message: "item \"\(item.text)\" id \(id) is \(second) but created says \(item.created)"))
                }
            }
        }
        return violations
    }

    /// After a mutation is answered 200 while the stream is open, an event of that version (or newer)
    /// arrives within `within`.
    private func freshness(_ client: ProbeClient, within: VirtualDuration) -> [Violation] {
        var violations: [Violation] = []
        let end = session.scheduler.now
        for answer in client.log.answers where answer.status == 200 {
            let deadline = answer.at + within
            guard deadline <= end, client.log.opens.contains(where: { $0 <= answer.at }),
                !client.log.drops.contains(where: { $0 > answer.at && $0 <= deadline })
            else { continue }
            let fresh = client.log.events.contains { event in
                event.at >= answer.sentAt && event.at <= deadline
                    && (answer.version.map { version in (Int(event.id) ?? 0) >= version } ?? true)
            }
            if !fresh {
                violations.append(
                    Violation(
                        at: deadline, device: client.device,
                        message:
                            "\(answer.name) \(answer.detail) was answered 200 at \(DurationFormat.secondsText(answer.at)) but no full state \(answer.version.map { "of version \($0) " } ?? "")arrived within \(DurationFormat.string(within))"
                    ))
            }
        }
        return violations
    }
}
