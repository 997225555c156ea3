import SimulateCLI
import SimulateCore
import SimulateJSON
import SimulateTesting
import Testing

/// A plugin written from docs/writing-a-plugin.md alone — typed configuration and actions, no check
/// written by hand — gets its documentation, its JSON Schema and errors with file, line, column and
/// JSON path.
@Suite struct GuidePluginTests {
    private static let registry = PluginRegistry([PulsePlugin()])

    @Test func theDeclarationsAreTheDocumentation() {
        let plugin = PulsePlugin()
        #expect(plugin.configuration.map(\.name) == ["interval", "limit"])
        #expect(plugin.configuration.map(\.defaultValue) == ["\"1s\"", "10"])
        #expect(plugin.actions.map(\.name) == ["stop", "burst"])
        #expect(plugin.actions.last?.parameters.map(\.name) == ["count"])
        #expect(plugin.actions.first?.device == .required())
        PluginConformance.expectConforms(plugin)
    }

    @Test func theSchemaComesFromTheDeclarations() {
        let schema = ScenarioSchema.generate(Self.registry)
        let text = JSONWriter.string(schema)
        #expect(text.contains("\"pulse.burst\""))
        let limit = schema["properties"]?["plugins"]?["properties"]?["pulse"]?["properties"]?["limit"]
        #expect(limit?["minimum"] == 1)
        #expect(limit?["maximum"] == 100)
        // An action declared to need a device requires "device" in the schema.
        #expect(text.contains("pulse.stop runs on a device"))
    }

    @Test(arguments: [
        ("{\"limit\": 0}", "limit", "expected an integer from 1 to 100, found 0"),
        ("{\"interval\": \"fast\"}", "interval", "expected a duration"),
        ("{\"limt\": 3}", "limt", "unknown field \"limt\" (known fields: \"interval\", \"limit\")"),
    ])
    func aWrongConfigurationIsLocated(_ configuration: String, _ key: String, _ message: String) throws {
        let plugins = "\"plugins\": {\"pulse\": \(configuration)}"
        let error = try #require(throws: ScenarioError.self) { try Self.load(plugins: plugins, steps: "[]") }
        let diagnostic = try #require(error.diagnostics.first)
        #expect(diagnostic.file == "pulse.json")
        #expect(diagnostic.path == .root / "plugins" / "pulse" / key)
        #expect(diagnostic.location?.line == 4)
        #expect((diagnostic.location?.column ?? 0) > 1)
        #expect(diagnostic.message.contains(message))
    }

    @Test func aWrongStepIsLocated() throws {
        let steps = """
            [
              {"at": "1s", "do": "pulse.burst", "device": "phone", "args": {"count": 500}},
              {"at": "2s", "do": "pulse.stop"}
            ]
            """
        let error = try #require(throws: ScenarioError.self) {
            try Self.load(plugins: "\"plugins\": {\"pulse\": {}}", steps: steps)
        }
        let byPath = Dictionary(uniqueKeysWithValues: error.diagnostics.map { ($0.path, $0) })
        let count = try #require(byPath[.root / "steps" / 0 / "args" / "count"])
        #expect(count.message == "expected an integer from 1 to 100, found 500")
        #expect(count.location?.line == 6)
        let stop = try #require(byPath[.root / "steps" / 1])
        #expect(stop.message == "pulse.stop runs on a device: add \"device\"")
        #expect(stop.location?.line == 7)
    }

    @Test func aValidScenarioRunsWithTheTypedValues() throws {
        let steps = """
            [{"at": "1s", "do": "pulse.burst", "device": "phone", "args": {"count": 3}}]
            """
        let scenario = try Self.load(plugins: "\"plugins\": {\"pulse\": {\"limit\": 4}}", steps: steps)
        let result = SimulationRunner(registry: Self.registry).run(scenario)
        #expect(result.passed)
        #expect(result.trace.contains { $0.detail == "beats 3 of 4" })
    }

    private static func load(plugins: String, steps: String) throws(ScenarioError) -> Scenario {
        let text = """
            {
              "format": 1, "name": "pulse", "duration": "5s",
              "devices": [{"id": "phone"}],
              \(plugins),
              "steps": \(steps)
            }
            """
        return try ScenarioLoader(registry: registry).load(text: text, file: "pulse.json")
    }
}

/// The guide's plugin, as a user writes it: declarations, a plugin value and its run.
private struct PulsePlugin: SimulationPlugin {
    struct Configuration: PluginArguments {
        var interval = VirtualDuration.seconds(1)
        var limit = 10
        static let fields: [Field<Self>] = [
            .duration("interval", \.interval, "Time between pulses."),
            .integer("limit", \.limit, in: 1...100, "Pulses a device may send (1…100)."),
        ]
    }

    enum Action: PluginEntries {
        case stop
        case burst(Burst)
        struct Burst: PluginArguments {
            var count = 1
            static let fields: [Field<Self>] = [.integer("count", \.count, in: 1...100, "pulses to send (1…100)")]
        }
        static let entries: [Entry<Self>] = [
            .entry("stop", "Stop this device's pulses.", device: .required(), .stop),
            .entry("burst", "Send several pulses at once.", device: .required(), arguments: Burst.self, Self.burst),
        ]
    }

    var name: String { "pulse" }
    var summary: String { "Devices send pulses." }

    func makeRun(configuration: Configuration, context: SimulationContext) -> PulseRun {
        PulseRun(context: context, limit: configuration.limit)
    }
}

private final class PulseRun: PluginRun {
    let context: SimulationContext
    let limit: Int

    init(context: SimulationContext, limit: Int) {
        self.context = context
        self.limit = limit
    }

    func perform(_ action: PulsePlugin.Action, device: Device?) {
        guard let device, case .burst(let burst) = action else { return }
        context.trace.instant(device.id, "pulse", "burst", "beats \(min(burst.count, limit)) of \(limit)")
    }
}
