import NIOCore
import NIOHTTP1
import SimulateCore
import SimulateJSON
import SimulateSSE

extension ProbeClient {
    /// A user action from the scenario: the item is found in the list on screen, then the request is
    /// fired and forgotten (its answer is only logged, for the judges).
    func perform(_ action: SSEAction, of step: StepSpec) {
        guard case .client(let client) = action.kind else { return }
        let method: HTTPMethod
        let path: String
        var body: JSONObject = ["action": .string(step.action)]
        let detail: String
        switch client {
        case .add(let text):
            body["text"] = .string(text)
            (method, path, detail) = (.POST, "/ko", text)
        default:
            guard let item = client.target.flatMap(item) else {
                session.trace.instant(track, "post", "no such item", step.qualifiedName)
                return
            }
            if case .bump = client, item.done {
                session.trace.instant(track, "post", "bump refused", item.text)
                return
            }
            detail = item.text
            if case .delete = client {
                (method, path) = (.DELETE, "/items/" + item.id)
            } else {
                body["id"] = .string(item.id)
                (method, path) = (.POST, "/ko")
            }
        }
        send(
            method, path: path, body: method == .DELETE ? [] : Array(JSONWriter.string(.object(body)).utf8),
            name: step.action, detail: detail)
    }

    private func item(_ target: ItemTarget) -> PunchItem? {
        switch target {
        case .text(let text): return items.first { $0.text == text }
        case .index(let index): return index < items.count ? items[index] : nil
        }
    }

    private func send(_ method: HTTPMethod, path: String, body: [UInt8], name: String, detail: String) {
        let sent = session.scheduler.now
        session.trace.instant(track, "post", "\(method) \(name)", detail)
        let index = log.answers.count
        log.answers.append(
            ProbeLog.Answer(
                at: sent, sentAt: sent, name: name, detail: detail))
        if offline {
            return answered(index, .failure(ProbeError("offline")))
        }
        let target = session.target
        let fullPath = target.basePath + path + (path.contains("?") ? "&" : "?") + "device=" + device
        let pending = PendingRequest()
        let timeout = session.scheduler.schedule(after: session.requestTimeout) {
            pending.handler?.fail(ProbeError("timed out"))
        }
        HTTPConnector.connect(target, on: session.loop, timeout: session.requestTimeout) {
            [unowned self] in
            let handler = OneRequestHandler(method: method, host: target.host, path: fullPath, body: body) {
                [weak self] result in
                guard let self else { return }
                session.catchUp()
                session.scheduler.cancel(timeout)
                answered(index, result)
            }
            pending.handler = handler
            return handler
        }.whenFailure { [weak self] error in
            guard let self else { return }
            session.catchUp()
            session.scheduler.cancel(timeout)
            answered(index, .failure(ProbeError("cannot connect: \(SocketErrorText.describe(error))")))
        }
        session.advance()
    }

    private func answered(_ index: Int, _ result: Result<(status: Int, body: [UInt8]), ProbeError>) {
        guard log.answers[index].status == nil, log.answers[index].error == nil else { return }
        log.answers[index].at = session.scheduler.now
        switch result {
        case .success(let answer):
            log.answers[index].status = answer.status
            if let document = try? JSONParser.parse(answer.body), case .object(let object) = document.root,
                case .integer(let version)? = object["version"]
            {
                log.answers[index].version = Int(clamping: version)
            }
            session.trace.instant(track, "post", "answer \(answer.status)", log.answers[index].name)
        case .failure(let error):
            log.answers[index].error = error.message
            session.trace.instant(track, "post", "failed", error.message)
        }
    }
}

/// The handler of a request under way, for its timeout. Used on the probe's event loop only.
final class PendingRequest: @unchecked Sendable {
    var handler: OneRequestHandler?
}
