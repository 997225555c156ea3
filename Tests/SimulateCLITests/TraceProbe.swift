import SimulateCore
import SimulateJSON

/// A plugin for report tests: steps write trace records of any category, `alarm` breaks `quiet`.
struct TraceProbePlugin: SimulationPlugin {
    struct Record: PluginArguments {
        var category = "probe"
        var name = ""
        static let fields: [Field<Self>] = [
            .string("category", \.category, required: true, "trace category"),
            .string("name", \.name, required: true, "record name"),
        ]
    }

    enum Action: PluginEntries {
        case begin(Record), end(Record), mark(Record), alarm
        static let entries: [Entry<Self>] = [
            .entry("begin", "begin a span", arguments: Record.self, Self.begin),
            .entry("end", "end a span", arguments: Record.self, Self.end),
            .entry("mark", "an instant", arguments: Record.self, Self.mark),
            .entry("alarm", "break the quiet invariant", .alarm),
        ]
    }

    enum Invariant: PluginEntries {
        case quiet
        static let entries: [Entry<Self>] = [.entry("quiet", "no alarm", .quiet)]
    }

    var name: String { "probe" }
    var summary: String { "writes trace records for report tests" }

    func makeRun(configuration: NoArguments, context: SimulationContext) -> TraceProbeRun {
        TraceProbeRun(context: context)
    }
}

final class TraceProbeRun: PluginRun {
    let context: SimulationContext
    var alarms: [Violation] = []

    init(context: SimulationContext) {
        self.context = context
    }

    func perform(_ action: TraceProbePlugin.Action, device: Device?) {
        let track = device?.id ?? "server:probe"
        switch action {
        case .begin(let record): context.trace.begin(track, record.category, record.name, "started")
        case .end(let record): context.trace.end(track, record.category, record.name, "ended")
        case .mark(let record): context.trace.instant(track, record.category, record.name, "detail <&>")
        case .alarm:
            alarms.append(
                Violation(at: context.now, device: device?.id, message: "alarm \"raised\"", events: ["e1"]))
        }
    }

    func evaluate(_ invariant: TraceProbePlugin.Invariant) -> [Violation] { alarms }
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
            at: .at(VirtualInstant(nanoseconds: Int64(at * 1e9))), device: device, do: "probe.\(action)",
            args: action == "alarm" ? [:] : ["category": .string(category), "name": .string(name)])
    }

    static func run(_ steps: [StepSpec], file: String = "Scenarios/probe.json", seed: UInt64 = 0) -> RunResult {
        let scenario = Scenario(
            name: "probe", seed: seed, duration: .seconds(10),
            devices: [DeviceSpec(id: "phone"), DeviceSpec(id: "mac")], plugins: [PluginSpec(name: "probe")],
            steps: steps, expectations: [.invariant("probe.quiet")], file: file)
        return SimulationRunner(registry: registry).run(scenario, seed: seed, keepsTrace: true)
    }
}
