import SimulateCore
import SimulateJSON

/// A tiny plugin for these tests: devices `ping` (counted) and `alarm` (breaks the `quiet` invariant).
struct ProbePlugin: SimulationPlugin {
    var name: String { "probe" }
    var summary: String { "test probe" }
    var actions: [EntryDoc] {
        [EntryDoc("ping", "count one ping on the device"), EntryDoc("alarm", "break the quiet invariant")]
    }
    var invariants: [EntryDoc] { [EntryDoc("quiet", "no alarm was raised")] }
    var observables: [EntryDoc] { [EntryDoc("pings", "pings on the device", valueType: "integer")] }

    func makeRun(configuration: JSON, context: SimulationContext) -> any PluginRun {
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

    func perform(_ action: String, args: JSON, device: Device?) {
        let id = device?.id ?? "server:probe"
        context.trace.instant(id, "probe", action)
        switch action {
        case "ping": pings[id, default: 0] += 1
        default: alarms.append(Violation(atNanoseconds: context.now, device: device?.id, message: "alarm raised"))
        }
    }

    func observe(_ observable: String, device: Device?, args: JSON) -> JSON {
        JSON(pings[device?.id ?? "", default: 0])
    }

    func evaluate(_ invariant: String, args: JSON) -> [Violation] { alarms }
}
