import SimulateCore
import SimulateJSON

/// A tiny plugin for these tests: devices `ping` (counted) and `alarm` (breaks the `quiet` invariant).
struct ProbePlugin: SimulationPlugin {
    enum Action: String, PluginEntries {
        case ping, alarm
        static let entries: [Entry<Self>] = [
            .entry("ping", "count one ping on the device", .ping), .entry("alarm", "break the quiet invariant", .alarm),
        ]
    }

    enum Invariant: PluginEntries {
        case quiet
        static let entries: [Entry<Self>] = [.entry("quiet", "no alarm was raised", .quiet)]
    }

    enum Observable: PluginEntries {
        case pings
        static let entries: [Entry<Self>] = [
            .entry("pings", "pings on the device", device: .required(), valueType: "integer", .pings)
        ]
    }

    var name: String { "probe" }
    var summary: String { "test probe" }

    func makeRun(configuration: NoArguments, context: SimulationContext) -> ProbeRun {
        ProbeRun(context: context)
    }
}

final class ProbeRun: PluginRun {
    let context: SimulationContext
    var pings: [String: Int] = [:]
    var alarms: [Violation] = []

    init(context: SimulationContext) {
        self.context = context
    }

    func perform(_ action: ProbePlugin.Action, device: Device?) {
        let id = device?.id ?? "server:probe"
        context.trace.instant(id, "probe", action.rawValue)
        switch action {
        case .ping: pings[id, default: 0] += 1
        case .alarm: alarms.append(Violation(at: context.now, device: device?.id, message: "alarm raised"))
        }
    }

    func observe(_ observable: ProbePlugin.Observable, device: Device?) -> JSON {
        JSON(pings[device?.id ?? "", default: 0])
    }

    func evaluate(_ invariant: ProbePlugin.Invariant) -> [Violation] { alarms }
}
