import SimulateCore
import SimulateCounter
import SimulateJSON
import SimulateModel
import SimulatePlugins
import SimulateTesting
import Testing

/// Every built-in plugin, and the test probe, keeps the plugin contract; a plugin that breaks it is caught.
@Suite struct PluginConformanceTests {
    @Test(arguments: BuiltinPlugins.all.map(\.name))
    func builtInPluginConforms(_ name: String) throws {
        let plugin = try #require(BuiltinPlugins.all.first { $0.name == name })
        let dependencies = BuiltinPlugins.all.filter { plugin.dependencyNames.contains($0.name) }
        PluginConformance.expectConforms(plugin, dependencies: dependencies)
    }

    @Test func probeConforms() {
        PluginConformance.expectConforms(ProbePlugin())
    }

    /// A configuration member declared with a range: an out-of-range value is an error at its path,
    /// found by the suite without a hand-written check.
    @Test func declaredRulesGiveLocatedErrors() throws {
        let runner = SimulationRunner(registry: PluginRegistry([RangedPlugin()]))
        let scenario = Scenario(
            name: "ranged", duration: .seconds(1), devices: [DeviceSpec(id: "phone")],
            plugins: [PluginSpec(name: "ranged", configuration: ["limit": 0], path: .root / "plugins" / "ranged")])
        let error = try #require(throws: ScenarioError.self) { try runner.prepare(scenario) }
        #expect(error.diagnostics.map(\.path) == [.root / "plugins" / "ranged" / "limit"])
        #expect(error.diagnostics.first?.message == "expected an integer from 1 to 10, found 0")
        #expect(PluginConformance.problems(of: RangedPlugin()).isEmpty)
    }

    /// A default outside the member's own rule, and a member without its line of documentation.
    @Test func aDefaultOutOfRangeAndAnUndocumentedKeyAreReported() {
        let problems = PluginConformance.problems(of: SlackPlugin()).map(\.description)
        #expect(
            problems.contains(
                "slack: the default of configuration key count, 5, is refused: expected an integer from 1 to 3, found 5"
            ))
        #expect(problems.contains("slack: configuration key quiet has no summary"))
        #expect(problems.count == 2)
    }

    @Test func aPluginThatBreaksTheContractIsReported() {
        let problems = PluginConformance.problems(of: BrokenPlugin()).map(\.description)
        #expect(problems.contains("not an id: name \"not an id\" is not an id"))
        #expect(problems.contains("not an id: the summary is empty"))
        #expect(problems.contains { $0.contains("the same seed gave two trace hashes") })
    }
}

private struct RangedPlugin: SimulationPlugin {
    struct Configuration: PluginArguments {
        var limit = 5
        static let fields: [Field<Self>] = [.integer("limit", \.limit, in: 1...10, "a bounded number (1…10)")]
    }
    var name: String { "ranged" }
    var summary: String { "a plugin with one bounded member" }
    func makeRun(configuration: Configuration, context: SimulationContext) -> QuietRun { QuietRun() }
}

final class QuietRun: PluginRun {}

private struct SlackPlugin: SimulationPlugin {
    struct Configuration: PluginArguments {
        var count = 5
        var quiet = false
        static let fields: [Field<Self>] = [
            .integer("count", \.count, in: 1...3, "how many (1…3)"), .boolean("quiet", \.quiet, ""),
        ]
    }
    var name: String { "slack" }
    var summary: String { "a plugin whose declarations are careless" }
    func makeRun(configuration: Configuration, context: SimulationContext) -> QuietRun { QuietRun() }
}

/// Keeps state in the plugin value, shared by every run: the same seed no longer replays.
private final class Shared: @unchecked Sendable {
    var runs = 0
}

private struct BrokenPlugin: SimulationPlugin {
    let shared = Shared()
    var name: String { "not an id" }
    var summary: String { "" }
    func makeRun(configuration: NoArguments, context: SimulationContext) -> QuietRun {
        shared.runs += 1
        context.scheduler.combineIntoHash("run \(shared.runs)")
        return QuietRun()
    }
}
