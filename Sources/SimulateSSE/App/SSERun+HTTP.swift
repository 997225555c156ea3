import SimulateCore
import SimulateJSON

/// The backend's HTTP face, for apps that reach it through the HTTP facade (`http://sse/…`).
extension SSERun: SimulatedHTTPService {
    public var host: String { PunchlistAPI.host }
    public var serverName: String { SSEServer.name }

    public func streams(_ request: SimulatedHTTPRequest) -> Bool {
        request.method == "GET" && request.path == PunchlistAPI.eventsPath
    }

    public func accept(_ request: SimulatedHTTPRequest, connection: StreamConnection) {
        world.server.accept(connection)
    }

    public func serve(_ request: SimulatedHTTPRequest, from device: Device) -> SimulatedHTTPResponse {
        let isDelete = request.path.hasPrefix(PunchlistAPI.itemsPath + "/")
        guard request.path == PunchlistAPI.mutationPath || isDelete else { return SimulatedHTTPResponse(status: 404) }
        guard request.method == (isDelete ? "DELETE" : "POST") else { return SimulatedHTTPResponse(status: 405) }
        // The same request the judge read as it left the device: its body is not parsed again.
        let sent = device.index < recorders.count ? recorders[device.index].sent(forExchange: request.exchangeID) : nil
        guard let mutation = sent?.mutation ?? Self.mutation(request) else { return SimulatedHTTPResponse(status: 400) }
        if let status = world.server.errors.error(for: device)?.mutationStatus {
            return SimulatedHTTPResponse(status: status, headers: ["Content-Type": "text/plain"])
        }
        switch world.server.receive(mutation, serial: sent?.serial ?? 0) {
        case .applied: return SimulatedHTTPResponse(status: 200)
        case .unknownItem: return SimulatedHTTPResponse(status: 404)
        }
    }

    public func observe(_ event: HTTPClientEvent, on device: Device) {
        guard device.index < recorders.count else { return }
        // Borrowed, not retained (docs/performance.md): the run holds its recorders from its start to its end.
        Unmanaged.passUnretained(recorders[device.index])._withUnsafeGuaranteedRef { $0.observe(event) }
    }

    /// The mutation a request asks for: `DELETE /items/<id>`, or a `POST /ko` body; nil when it is neither.
    static func mutation(_ request: SimulatedHTTPRequest) -> Mutation? {
        if request.method == "DELETE", request.path.hasPrefix(PunchlistAPI.itemsPath + "/") {
            let id = request.path.dropFirst(PunchlistAPI.itemsPath.count + 1)
            return id.isEmpty || id.contains("/") ? nil : .delete(id: String(id))
        }
        guard request.method == "POST", request.path == PunchlistAPI.mutationPath,
            let document = try? JSONParser.parse(request.body), case .string(let action)? = document.root["action"]
        else { return nil }
        if action == "add" {
            guard case .string(let text)? = document.root["text"] else { return nil }
            return .add(text: text)
        }
        guard case .string(let id)? = document.root["id"] else { return nil }
        switch action {
        case "toggle": return .toggle(id: id)
        case "open": return .open(id: id)
        case "close": return .close(id: id)
        case "bump": return .bump(id: id)
        default: return nil
        }
    }
}

extension SSERun: AppSleepObserving {
    public func appTaskSleeps(on device: Device, task: Int, until deadline: VirtualInstant) {
        guard device.index < recorders.count else { return }
        recorders[device.index].sleeps(task: task, until: deadline)
    }
}
