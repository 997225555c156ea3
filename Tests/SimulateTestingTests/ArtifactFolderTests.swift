import SimulateCore
import SimulateJSON
import SimulateTesting
import Testing

/// Two runs of one scenario and seed by plugins given other options in Swift fail with other traces: each
/// keeps its own folder of saved files, and the same run failing again reuses its own.
@Suite struct ArtifactFolderTests {
    static let scenario = """
        {"format": 1, "name": "ticks", "duration": "10s", "devices": [{"id": "phone"}], "plugins": {"ticks": {}},
         "expect": [{"check": "ticks.count", "at": "end", "equals": -1}]}
        """

    static func artifacts(every seconds: Int64) throws -> FailureArtifacts? {
        let scenario = try ScenarioLoader(registry: PluginRegistry([TicksPlugin(every: .seconds(seconds))]))
            .load(text: Self.scenario)
        var outcome: ScenarioOutcome?
        withKnownIssue {
            outcome = ScenarioExpectations.check(scenario, plugins: [TicksPlugin(every: .seconds(seconds))])
        }
        return outcome?.artifacts
    }

    @Test func runsWithOtherOptionsKeepTheirOwnFolders() throws {
        let everySecond = try #require(try Self.artifacts(every: 1))
        let everyTwo = try #require(try Self.artifacts(every: 2))
        #expect(everySecond.directory != everyTwo.directory)
        #expect(try Self.artifacts(every: 1)?.directory == everySecond.directory)
        let timeline = try String(contentsOfFile: everySecond.timeline, encoding: .utf8)
        #expect(timeline.contains("tick"))
        // The page replays as the failure message does: this test, and the saved scenario for your command line.
        #expect(
            timeline.contains(
                "replay: swift test --filter SimulateTestingTests.ArtifactFolderTests/runsWithOtherOptionsKeepTheirOwnFolders"
            ))
        #expect(timeline.contains("the run alone: simulate run \(everySecond.scenarioFile) --seed 0"))
    }
}

/// Ticks every `every`, an option given in Swift that the scenario's text does not show.
private struct TicksPlugin: SimulationPlugin {
    let every: VirtualDuration
    enum Observable: PluginEntries {
        case count
        static let entries: [Entry<Self>] = [.entry("count", "Ticks so far.", valueType: "integer", .count)]
    }
    var name: String { "ticks" }
    var summary: String { "Ticks at a fixed interval." }
    func makeRun(configuration: NoArguments, context: SimulationContext) -> TicksRun {
        TicksRun(context: context, every: every)
    }
}

private final class TicksRun: PluginRun {
    let context: SimulationContext
    let every: VirtualDuration
    var count = 0

    init(context: SimulationContext, every: VirtualDuration) {
        self.context = context
        self.every = every
    }

    func start() { tick() }

    private func tick() {
        count += 1
        context.trace.instant("phone", "ticks", "tick", value: Int64(count))
        context.scheduler.schedule(after: every) { [unowned self] in tick() }
    }

    func observe(_ observable: TicksPlugin.Observable, device: Device?) -> JSON { JSON(count) }
}
