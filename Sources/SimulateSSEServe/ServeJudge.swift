import SimulateCore
import SimulateJSON
import SimulateSSE

/// Judges, from the server's side, the rules a real client's traffic shows: reconnect spacing
/// (`sse.backoff`), reconnect storms (`sse.reconnectRate`) and lost mutations (`sse.mutationsDelivered`),
/// and reads the server's own observables for point checks. Timing rules are judged in the client's
/// real time, so `--speed` compresses the scenario's faults but not the client's clock.
struct ServeJudge: RealRunJudging {
    let session: ServeSession

    static func evaluation(of kind: SSEInvariant.Kind) -> ((ServeJudge) -> [Violation])? {
        switch kind {
        case .backoff(let policy, _, _): { $0.backoff(policy) }
        case .reconnectRate(let max, let window): { $0.reconnectRate(max: max, window: window) }
        case .mutationsDelivered: { $0.lostMutations() }
        case .offlineIndicator, .fullState, .converged, .serverIds, .noRevert, .freshness: nil
        }
    }

    static func observation(of kind: SSEObservable.Kind) -> ((ServeSession, String?) -> JSON)? {
        switch kind {
        case .serverItems: { session, _ in session.itemsJSON }
        case .serverVersion: { session, _ in .integer(Int64(session.board.version)) }
        case .offlineIndicator, .connected, .items, .reconnectAttempts, .lastBackoffDelay, .temporaryItems,
            .serverRequests, .peakReconnectRate:
            nil
        }
    }

    static let side = "from the server's side"

    func result(failure: RunFailure?) -> RunResult {
        let scenario = session.scenario
        var results = results(scenario, observations: session.observations)
        let requests = session.log.badRequests.map {
            Violation(
                at: $0.at, device: $0.device,
                message: "unreadable request: \($0.message)")
        }
        results.append(
            ExpectationResult(
                name: "serve.wellFormedRequests", kind: .invariant, expectedViolated: false, passed: requests.isEmpty,
                violations: requests, path: .root))
        let slow = session.log.overCap.map {
            Violation(
                at: $0.at, device: $0.device,
                message:
                    "did not read its stream: \($0.unsent) bytes would have been unsent, over the cap of \(session.options.unsentByteLimit) (--max-unsent-bytes); the connection was reset"
            )
        }
        results.append(
            ExpectationResult(
                name: "serve.readsKeptUp", kind: .invariant, expectedViolated: false, passed: slow.isEmpty,
                violations: slow, path: .root))
        let silent =
            session.log.attempts.isEmpty && session.log.mutations.allSatisfy({ $0.device == "server" })
            && session.log.badRequests.isEmpty
        results.append(
            ExpectationResult(
                name: "serve.clientsConnected", kind: .invariant, expectedViolated: false, passed: !silent,
                violations: silent
                    ? [
                        Violation(
                            at: session.scheduler.now,
                            message: "no client connected: nothing was judged (point the client at the URL above)")
                    ] : [],
                path: .root))
        return RunResult(
            file: scenario.file, scenario: scenario.name, seed: session.options.seed ?? scenario.seed,
            passed: failure == nil && results.allSatisfy(\.passed), traceHash: session.scheduler.hash.hex,
            events: session.scheduler.executedEvents, simulated: session.scheduler.now.sinceStart,
            expectations: results, statistics: ["serve": .object(statistics)], failure: failure,
            trace: session.trace.records)
    }

    var statistics: JSONObject {
        let log = session.log
        var object = JSONObject()
        object["clients"] = JSON(log.devices.count)
        object["streamAttempts"] = JSON(log.attempts.count)
        object["refused"] = JSON(log.attempts.filter { $0.outcome == .refused }.count)
        object["stalled"] = JSON(log.attempts.filter { $0.outcome == .stalled }.count)
        object["mutations"] = JSON(log.mutations.count)
        object["lostMutations"] = JSON(log.mutations.filter { !$0.outcome.reachedServer }.count)
        object["badRequests"] = JSON(log.badRequests.count)
        object["clientResets"] = JSON(log.clientResets.count)
        object["overUnsentCap"] = JSON(log.overCap.count)
        object["idleClosed"] = JSON(log.idleCloses.count)
        object["restarts"] = JSON(log.restarts)
        object["peakOpenStreams"] = JSON(log.peakOpenStreams)
        object["serverVersion"] = JSON(session.board.version)
        return object
    }

    private func backoff(_ policy: BackoffPolicy) -> [Violation] {
        BackoffJudge(policy: BackoffPolicyRule(policy), tolerance: session.options.tolerance)
            .violations(log: session.log, end: session.scheduler.now, real: session.realDuration)
    }

    private func lostMutations() -> [Violation] {
        session.log.mutations.filter { !$0.outcome.reachedServer }.map {
            Violation(at: $0.at, device: $0.device, message: "\($0.name) \($0.detail) was lost: \($0.outcome.text)")
        }
    }

    /// More than `max` reconnects (first connects excluded), all clients together, within one window of real time.
    private func reconnectRate(max: Int, window: VirtualDuration) -> [Violation] {
        var seen: Set<String> = []
        let reconnects = session.log.attempts.filter { !seen.insert($0.device).inserted }
        var violations: [Violation] = []
        var start = 0
        for end in reconnects.indices {
            while session.realDuration(reconnects[end].at - reconnects[start].at) >= window {
                start += 1
            }
            if end - start + 1 > max,
                violations.isEmpty || reconnects[end].at > violations.last!.at
            {
                violations.append(
                    Violation(
                        at: reconnects[end].at, device: reconnects[end].device,
                        message:
                            "\(end - start + 1) reconnects within \(DurationFormat.string(window)) of real time (at most \(max))",
                        events: reconnects[start...end].map {
                            DurationFormat.secondsText($0.at) + " " + $0.device + " reconnect"
                        }))
                start = end + 1
            }
        }
        return violations
    }
}

extension ServeLog.MutationOutcome {
    var text: String {
        switch self {
        case .applied(let version): "applied as version \(version)"
        case .unknownItem: "unknown item (404)"
        case .refusedOffline: "the device was offline; the request was reset"
        case .unanswered: "no answer (partition or lost request)"
        case .serverError(let status): "answered \(status) by a serverError fault; not applied"
        case .responseLost(let version): "applied as version \(version), response lost"
        case .badRequest(let message): "bad request: \(message)"
        }
    }
}
