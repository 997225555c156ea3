import NIOCore
import NIOHTTP1
import SimulateCore
import SimulateSSE

extension ServeSession {
    /// `GET /events`: a new event stream from a device, under the faults in force for it.
    func openStream(on channel: Channel, device: String) {
        loop.assertInEventLoop()
        guard !isFinished else { return WireConnection.reset(channel) }
        startClockIfWaiting()
        catchUp()
        let connection = WireConnection(
            channel: channel, device: device, role: .stream, openedAt: scheduler.now)
        let outcome: ServeLog.AttemptOutcome
        if isActive(.offline, for: device) {
            outcome = .refused
            WireConnection.reset(channel)
        } else if isActive(.partition, for: device) {
            outcome = .stalled
            connection.isStalled = true
            register(connection)
        } else if let error = sseError(for: device) {
            outcome = .answeredWithError
            let answer = error.streamAnswer
            connection.respond(
                HTTPResponseStatus(statusCode: answer.head.status), headers: answer.head.headers, body: answer.body)
        } else if acceptThenClose {
            outcome = .closedAtOnce
            connection.startEventStream()
            connection.send(PunchWire.hello)
            connection.finish()
        } else {
            outcome = .accepted
            register(connection)
            connection.startEventStream()
        }
        log.attempts.append(
            ServeLog.StreamAttempt(device: device, at: scheduler.now, outcome: outcome))
        trace.instant(Self.track, "connection", "accept", device, value: Int64(log.attempts.count))
        trace.instant(device, "connection", "connect", outcome.rawValue)
        switch outcome {
        case .accepted:
            trace.begin(device, "connection", "stream open")
            sendState(to: connection)
        case .answeredWithError:
            endAttempt(of: connection, reason: "serverError")
            log.attempts[log.attempts.count - 1].endedAt = scheduler.now
        case .closedAtOnce:
            endAttempt(of: connection, reason: "accept-then-close")
            log.attempts[log.attempts.count - 1].endedAt = scheduler.now
        case .refused:
            log.attempts[log.attempts.count - 1].endedAt = scheduler.now
            log.attempts[log.attempts.count - 1].endReason = "reset: offline"
        case .stalled: break
        }
        advance()
    }

    /// Writes the current full state to one stream, unless this device's responses are being lost.
    func sendState(to connection: WireConnection) {
        let device = connection.device
        if isActive(.dropResponses, for: device) { return }
        if drawsLoss(for: device) {
            trace.instant(device, "network", "stream.reset", "lost chunk")
            endAttempt(of: connection, reason: "reset: lost chunk")
            connection.reset()
            return
        }
        let bytes = board.currentEvent()
        let version = board.version
        deliver(bytes, to: connection) { [weak self, weak connection] in
            guard let self, let connection, !connection.isClosed, !connection.isStalled else { return }
            if let index = log.attempts.lastIndex(where: {
                $0.device == device && $0.at == connection.openedAt
            }) {
                log.attempts[index].gotEvent = true
            }
            trace.instant(device, "state", "full state", "v\(version)", value: Int64(version))
        }
    }

    /// `POST /ko` or `DELETE /items/{id}` from a device.
    func mutate(_ mutation: Mutation, on channel: Channel, device: String) {
        loop.assertInEventLoop()
        guard !isFinished else { return WireConnection.reset(channel) }
        startClockIfWaiting()
        catchUp()
        let connection = WireConnection(
            channel: channel, device: device, role: .request, openedAt: scheduler.now)
        let detail = mutation.detail
        func record(_ outcome: ServeLog.MutationOutcome) {
            log.mutations.append(
                ServeLog.MutationRecord(
                    device: device, at: scheduler.now, name: mutation.name, detail: detail,
                    outcome: outcome)
            )
        }
        if isActive(.offline, for: device) {
            record(.refusedOffline)
            trace.instant(device, "post", mutation.name + " refused (offline)", detail)
            return WireConnection.reset(channel)
        }
        register(connection)
        if isActive(.partition, for: device) || drawsLoss(for: device) {
            connection.isStalled = true
            record(.unanswered)
            trace.instant(device, "network", "request.lost", mutation.name)
            return
        }
        if let status = sseError(for: device)?.mutationStatus {
            record(.serverError(status: status))
            trace.instant(device, "post", mutation.name + " refused (\(status))", detail)
            answer(connection, HTTPResponseStatus(statusCode: status), json: #"{"error":"server error"}"#)
            return
        }
        let reply = board.apply(mutation, at: scheduler.now)
        switch reply {
        case .unknownItem:
            record(.unknownItem)
            trace.instant(Self.track, "mutation", mutation.name + " unknown item", detail)
            answer(connection, .notFound, json: #"{"error":"unknown item"}"#)
        case .applied(let version):
            trace.instant(Self.track, "mutation", mutation.name, "v\(version)", value: Int64(version))
            if isActive(.dropResponses, for: device) || drawsLoss(for: device) {
                connection.isStalled = true
                record(.responseLost(version: version))
                trace.instant(device, "network", "response.lost", mutation.name)
            } else {
                record(.applied(version: version))
                answer(connection, .ok, json: #"{"version":\#(version)}"#)
            }
            for stream in connections(of: nil) where stream.role == .stream && !stream.isStalled {
                sendState(to: stream)
            }
        }
        advance()
    }

    /// The `serverError` fault on the `sse` server in force for this device, if any.
    func sseError(for device: String) -> SSEServerError? {
        faults.active(.serverError, device: device, at: scheduler.now).flatMap { window in
            window.server == "sse" ? window.error.flatMap(SSEServerError.init(rawValue:)) : nil
        }
    }

    func answer(_ connection: WireConnection, _ status: HTTPResponseStatus, json: String) {
        let latency = drawLatency(for: connection.device)
        scheduler.schedule(after: latency) { connection.respond(status, json: json) }
    }

    /// A request the server could not read: recorded, answered 400, closed.
    func badRequest(on channel: Channel, device: String, message: String) {
        loop.assertInEventLoop()
        catchUp()
        log.badRequests.append((device, scheduler.now, message))
        trace.instant(device, "post", "bad request", message)
    }
}
