import SimulateCore
import SimulateJSON

/// A test plugin that exercises the network: requests, streams, and what each device saw.
struct ProbePlugin: SimulationPlugin {
    struct Configuration: PluginArguments {
        var timeout = VirtualDuration.seconds(30)
        /// Read by nothing: how a scenario selects a component, for the `judges` tests.
        var client = "reference"
        static let fields: [Field<Self>] = [
            .duration("timeout", \.timeout, "Request timeout."),
            .component("client", \.client, builtIn: ["reference"], "The client: \"reference\" or an app's."),
        ]
    }

    enum Action: PluginEntries {
        case request, open, broadcast(Broadcast), spin

        struct Broadcast: PluginArguments {
            var text = ""
            static let fields: [Field<Self>] = [.string("text", \.text, required: true, "What to send.")]
        }

        static let entries: [Entry<Self>] = [
            .entry("request", "Send one request; the server counts it and answers its count.", .request),
            .entry("open", "Open a stream; the server sends \"hello\" at once.", .open),
            .entry(
                "broadcast", "The server sends text to every open stream.", arguments: Broadcast.self,
                Self.broadcast),
            .entry("spin", "Schedule events that never stop (for budget tests).", .spin),
        ]
    }

    enum Invariant: String, PluginEntries {
        case holds, fails
        static let entries: [Entry<Self>] = [
            .entry("holds", "Always holds.", .holds), .entry("fails", "Always violated.", .fails),
        ]
    }

    enum Observable: PluginEntries {
        case outcomes, received, closed, served
        static let entries: [Entry<Self>] = [
            .entry(
                "outcomes", "Request outcomes on a device, in order.", device: .required(), valueType: "array",
                .outcomes),
            .entry(
                "received", "Stream text received on a device.", device: .required(), valueType: "string", .received),
            .entry(
                "closed", "Why the device's stream closed, or null.", device: .required(), valueType: "string", .closed),
            .entry("served", "Requests the server handled.", valueType: "integer", .served),
        ]
    }

    var name: String { "probe" }
    var summary: String { "Sends requests and opens streams to a server named probe, and records what happened." }

    func makeRun(configuration: Configuration, context: SimulationContext) -> ProbeRun {
        ProbeRun(context: context, timeout: configuration.timeout)
    }
}

final class ProbeRun: PluginRun {
    let context: SimulationContext
    let timeout: VirtualDuration
    var served = 0
    var outcomes: [String: [String]] = [:]
    var received: [String: String] = [:]
    var closed: [String: String] = [:]
    var streams: [StreamConnection] = []
    var restarts = 0

    init(context: SimulationContext, timeout: VirtualDuration) {
        self.context = context
        self.timeout = timeout
    }

    func start() {
        context.network.onServerRestart("probe") { [unowned self] in restarts += 1 }
    }

    func perform(_ action: ProbePlugin.Action, device: Device?) {
        switch action {
        case .request:
            guard let device else { return }
            context.network.request(
                from: device, to: "probe", timeout: timeout,
                serve: { [unowned self] in
                    served += 1
                    return served
                },
                completion: { [unowned self] result in
                    switch result {
                    case .success(let count): outcomes[device.id, default: []].append("ok \(count)")
                    case .failure(let error): outcomes[device.id, default: []].append(error.description)
                    }
                })
        case .open:
            guard let device else { return }
            let connection = context.network.openStream(from: device, to: "probe") { [unowned self] connection in
                streams.append(connection)
                connection.send(Array("hello".utf8))
            }
            connection.onData = { [unowned self] bytes in
                received[device.id, default: ""] += String(decoding: bytes, as: UTF8.self)
            }
            connection.onClose = { [unowned self] reason in closed[device.id] = reason.rawValue }
        case .broadcast(let broadcast):
            for stream in streams { stream.send(Array(broadcast.text.utf8)) }
        case .spin:
            func again() { context.scheduler.schedule(after: .zero) { again() } }
            again()
        }
    }

    func observe(_ observable: ProbePlugin.Observable, device: Device?) -> JSON {
        let id = device?.id ?? ""
        switch observable {
        case .outcomes: return .array((outcomes[id] ?? []).map(JSON.string))
        case .received: return .string(received[id] ?? "")
        case .closed: return closed[id].map(JSON.string) ?? .null
        case .served: return JSON(served)
        }
    }

    func evaluate(_ invariant: ProbePlugin.Invariant) -> [Violation] {
        invariant == .fails ? [Violation(at: context.now, message: "always violated")] : []
    }
}

enum Probe {
    static let registry = PluginRegistry([ProbePlugin()])
    static let loader = ScenarioLoader(registry: registry)
    static let runner = SimulationRunner(registry: registry)

    /// Loads a scenario with one or more devices, the probe plugin, and the given extra top-level JSON members.
    static func scenario(
        _ members: String, devices: [String] = ["phone"], network: String = #"{"latency": "10ms"}"#
    ) throws -> Scenario {
        let deviceList = devices.map { "{\"id\": \"\($0)\"}" }.joined(separator: ", ")
        let text = """
            {"format": 1, "name": "probe", "duration": "60s", "devices": [\(deviceList)],
             "plugins": {"probe": {}}, "network": \(network)\(members.isEmpty ? "" : ", " + members)}
            """
        return try loader.load(text: text, file: "probe.json")
    }

    static func run(
        _ members: String, devices: [String] = ["phone"], network: String = #"{"latency": "10ms"}"#, seed: UInt64? = nil
    ) throws -> RunResult {
        runner.run(try scenario(members, devices: devices, network: network), seed: seed)
    }

    static func observed(_ result: RunResult, _ key: String) -> JSON? {
        result.observed[key]
    }
}
