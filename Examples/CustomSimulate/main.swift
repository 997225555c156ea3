// A complete `simulate` with one extra plugin, as a user would write it in their own package.
// Build and run: swift run custom-simulate run Examples/CustomSimulate/heartbeat.json
import SimulateCLI
import SimulateCore
import SimulateJSON

/// Each device sends a heartbeat to a server every `interval`; the server counts them.
///
/// Everything a scenario may say to the plugin is declared once, as Swift types: `simulate explain
/// heartbeat`, `simulate schema` and the located errors of a scenario file all come from them.
struct HeartbeatPlugin: SimulationPlugin {
    /// `"plugins": {"heartbeat": {"interval": "1s", "timeout": "5s"}}`
    struct Configuration: PluginArguments {
        var interval = VirtualDuration.seconds(1)
        var timeout = VirtualDuration.seconds(5)
        static let fields: [Field<Self>] = [
            .duration("interval", \.interval, "Time between heartbeats."),
            .duration("timeout", \.timeout, "How long a heartbeat waits for the server's answer."),
        ]

        /// A rule between two fields, which no single declaration can state.
        func check(at path: JSONPath, diagnostics: Diagnostics) {
            if interval <= .zero { diagnostics.error("interval must be longer than 0s", at: path / "interval") }
        }
    }

    /// `{"do": "heartbeat.stop", "device": "watch"}`
    enum Action: PluginEntries {
        case stop
        static let entries: [Entry<Self>] = [
            .entry("stop", "Stop this device's heartbeats.", device: .required(), .stop)
        ]
    }

    /// `{"invariant": "heartbeat.delivered"}`
    enum Invariant: PluginEntries {
        case delivered
        static let entries: [Entry<Self>] = [
            .entry("delivered", "Every heartbeat sent while online reached the server.", .delivered)
        ]
    }

    /// `{"check": "heartbeat.received", "at": "5s", "equals": 10}`
    enum Observable: PluginEntries {
        case received
        static let entries: [Entry<Self>] = [
            .entry("received", "Heartbeats the server received.", valueType: "integer", .received)
        ]
    }

    var name: String { "heartbeat" }
    var summary: String { "Devices send a heartbeat to a server at a fixed interval." }

    func makeRun(configuration: Configuration, context: SimulationContext) -> HeartbeatRun {
        HeartbeatRun(context: context, configuration: configuration)
    }
}

final class HeartbeatRun: PluginRun {
    let context: SimulationContext
    let configuration: HeartbeatPlugin.Configuration
    var received = 0
    var stopped: Set<String> = []
    var lost: [Violation] = []

    init(context: SimulationContext, configuration: HeartbeatPlugin.Configuration) {
        self.context = context
        self.configuration = configuration
    }

    func start() {
        for device in context.devices { beat(device) }
    }

    private func beat(_ device: Device) {
        guard !stopped.contains(device.id) else { return }
        let sentOnline = !context.network.isOffline(device)
        context.network.request(
            from: device, to: "heartbeat", timeout: configuration.timeout,
            serve: { [unowned self] in received += 1 },
            completion: { [unowned self] result in
                if case .failure(let error) = result, sentOnline {
                    lost.append(Violation(at: context.now, device: device.id, message: "heartbeat \(error)"))
                }
            })
        context.scheduler.schedule(after: configuration.interval) { [unowned self] in beat(device) }
    }

    func perform(_ action: HeartbeatPlugin.Action, device: Device?) {
        switch action {
        case .stop:
            guard let device else { preconditionFailure("stop is declared to need a device") }
            stopped.insert(device.id)
        }
    }

    func observe(_ observable: HeartbeatPlugin.Observable, device: Device?) -> JSON {
        switch observable {
        case .received: JSON(received)
        }
    }

    func evaluate(_ invariant: HeartbeatPlugin.Invariant) -> [Violation] {
        switch invariant {
        case .delivered: lost
        }
    }
}

SimulateMain.run(extraPlugins: [HeartbeatPlugin()])
