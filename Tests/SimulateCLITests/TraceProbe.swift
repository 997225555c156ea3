import SimulateCore
import SimulateJSON

/// A plugin for report tests: steps write trace records of any category, `alarm` breaks `quiet`.
struct TraceProbePlugin: SimulationPlugin {
    var name: String { "probe" }
    var summary: String { "writes trace records for report tests" }
    var actions: [EntryDoc] {
        let parameters = [
            ParameterDoc("category", type: "string", "trace category"),
            ParameterDoc("name", type: "string", "record name"),
        ]
        return [
            EntryDoc("begin", "begin a span", parameters: parameters),
            EntryDoc("end", "end a span", parameters: parameters),
            EntryDoc("mark", "an instant", parameters: parameters),
            EntryDoc("alarm", "break the quiet invariant"),
        ]
    }
    var invariants: [EntryDoc] { [EntryDoc("quiet", "no alarm")] }
    var observables: [EntryDoc] { [] }

    func makeRun(configuration: JSON, context: SimulationContext) -> any PluginRun {
        TraceProbeRun(context: context)
    }
}

final class TraceProbeRun: PluginRun {
    let context: SimulationContext
    var alarms: [Violation] = []

    init(context: SimulationContext) {
        self.context = context
    }

    func perform(_ action: String, args: JSON, device: Device?) {
        let track = device?.id ?? "server:probe"
        let category = args["category"]?.stringValue ?? "probe"
        let name = args["name"]?.stringValue ?? action
        switch action {
        case "begin": context.trace.begin(track, category, name, "started")
        case "end": context.trace.end(track, category, name, "ended")
        case "mark": context.trace.instant(track, category, name, "detail <&>")
        default:
            alarms.append(
                Violation(atNanoseconds: context.now, device: device?.id, message: "alarm \"raised\"", events: ["e1"]))
        }
    }

    func observe(_ observable: String, device: Device?, args: JSON) -> JSON { .null }
    func evaluate(_ invariant: String, args: JSON) -> [Violation] { alarms }
}

/// Runs probe scenarios in process.
enum ProbeRuns {
    static let registry = PluginRegistry([TraceProbePlugin()])

    static func step(
        _ at: Double, _ device: String?, _ action: String, _ category: String = "probe", _ name: String = "x"
    )
        -> StepSpec
    {
        StepSpec(
            at: .at(Int64(at * 1e9)), device: device, do: "probe.\(action)",
            args: action == "alarm" ? [:] : ["category": .string(category), "name": .string(name)])
    }

    static func run(_ steps: [StepSpec], file: String = "Scenarios/probe.json", seed: UInt64 = 0) -> RunResult {
        let scenario = Scenario(
            name: "probe", seed: seed, durationNanoseconds: 10_000_000_000,
            devices: [DeviceSpec(id: "phone"), DeviceSpec(id: "mac")], plugins: [PluginSpec(name: "probe")],
            steps: steps, expectations: [.invariant("probe.quiet")], file: file)
        return SimulationRunner(registry: registry).run(scenario, seed: seed, keepsTrace: true)
    }
}
