// A complete `simulate` with one extra plugin, as a user would write it in their own package.
// Build and run: swift run custom-simulate run Examples/CustomSimulate/heartbeat.json
import SimulateCLI
import SimulateCore
import SimulateJSON

/// Each device sends a heartbeat to a server every `interval`; the server counts them.
struct HeartbeatPlugin: SimulationPlugin {
    var name: String { "heartbeat" }
    var summary: String { "Devices send a heartbeat to a server at a fixed interval." }
    var configuration: [ParameterDoc] {
        [ParameterDoc("interval", type: "duration", default: "\"1s\"", "Time between heartbeats.")]
    }
    var actions: [EntryDoc] { [EntryDoc("stop", "Stop this device's heartbeats.")] }
    var invariants: [EntryDoc] {
        [EntryDoc("delivered", "Every heartbeat sent while online reached the server.")]
    }
    var observables: [EntryDoc] {
        [EntryDoc("received", "Heartbeats the server received.", perDevice: false, valueType: "integer")]
    }

    func makeRun(configuration: JSON, context: SimulationContext) -> any PluginRun {
        let reader = ObjectReader(configuration, at: .root, diagnostics: Diagnostics())
        return HeartbeatRun(context: context, intervalNanoseconds: reader?.duration("interval") ?? 1_000_000_000)
    }
}

final class HeartbeatRun: PluginRun {
    let context: SimulationContext
    let intervalNanoseconds: Int64
    var received = 0
    var stopped: Set<String> = []
    var lost: [Violation] = []

    init(context: SimulationContext, intervalNanoseconds: Int64) {
        self.context = context
        self.intervalNanoseconds = intervalNanoseconds
    }

    func start() {
        for device in context.devices { beat(device) }
    }

    private func beat(_ device: Device) {
        guard !stopped.contains(device.id) else { return }
        let sentOnline = !context.network.isOffline(device)
        context.network.request(
            from: device, to: "heartbeat", timeoutNanoseconds: 5_000_000_000,
            serve: { [unowned self] in received += 1 },
            completion: { [unowned self] result in
                if case .failure(let error) = result, sentOnline {
                    lost.append(Violation(atNanoseconds: context.now, device: device.id, message: "heartbeat \(error)"))
                }
            })
        context.scheduler.schedule(afterNanoseconds: intervalNanoseconds) { [unowned self] in beat(device) }
    }

    func perform(_ action: String, args: JSON, device: Device?) {
        if let device { stopped.insert(device.id) }
    }

    func observe(_ observable: String, device: Device?, args: JSON) -> JSON { JSON(received) }

    func evaluate(_ invariant: String, args: JSON) -> [Violation] { lost }
}

SimulateMain.run(extraPlugins: [HeartbeatPlugin()])
