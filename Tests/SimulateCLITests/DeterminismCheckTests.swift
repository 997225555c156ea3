import Foundation
import SimulateCore
import SimulateJSON
import SimulateReports
import TestSupport
import Testing

@testable import SimulateCLI

/// `simulate run --check-determinism`: every bundled scenario is deterministic, and a plugin that reads
/// shared state across runs is caught with the first differing trace record.
@Suite struct DeterminismCheckTests {
    static var repository: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
    }

    @Test(.doneByTheSanitizedSweep) func bundledScenariosAreDeterministic() throws {
        let output = try BuiltSimulate.run(
            ["run", "Scenarios", "--check-determinism", "--seeds", "0..1", "--jobs", "2"], in: Self.repository)
        #expect(!output.standardOutput.contains("not deterministic"), "\(output.standardOutput)")
        #expect(output.status == 0 || output.status == 1, "\(output.standardError)")
    }

    @Test func aRunThatDependsOnSharedStateFailsWithTheFirstDifferingEvent() throws {
        let registry = PluginRegistry([LeakyPlugin()])
        let scenario = try ScenarioLoader(registry: registry).load(
            text: #"""
                {"format": 1, "name": "leaky", "duration": "1s", "devices": [{"id": "a"}], "plugins": {"leaky": {}},
                 "steps": [{"at": "0s", "device": "a", "do": "leaky.tick"}, {"at": "0.5s", "device": "a", "do": "leaky.tick"}]}
                """#)
        var runs = ParallelRuns(runner: SimulationRunner(registry: registry), jobs: 2, keepsTrace: false)
        runs.checksDeterminism = true
        var results: [RunResult] = []
        runs.run([RunItem(scenario: scenario, seed: 1), RunItem(scenario: scenario, seed: 2)]) { _, result in
            results.append(result)
        }
        #expect(results.count == 2)
        for result in results {
            #expect(!result.passed)
            let message = try #require(result.failure?.message)
            #expect(message.contains("first differing trace record #1: first run [0s a leaky tick"), "\(message)")
            #expect(result.trace.isEmpty)
        }
    }

    /// A difference only in a record's hashed value, which its text does not show, is named with the value.
    @Test func aDifferenceInARecordsValueAloneIsNamed() throws {
        let registry = PluginRegistry([LeakyPlugin(inDetail: false)])
        let scenario = try ScenarioLoader(registry: registry).load(
            text: #"""
                {"format": 1, "name": "leaky", "duration": "1s", "devices": [{"id": "a"}], "plugins": {"leaky": {}},
                 "steps": [{"at": "0s", "device": "a", "do": "leaky.tick"}]}
                """#)
        var runs = ParallelRuns(runner: SimulationRunner(registry: registry), jobs: 2, keepsTrace: false)
        runs.checksDeterminism = true
        var messages: [String] = []
        runs.run([RunItem(scenario: scenario, seed: 1)]) { _, result in
            messages.append(result.failure?.message ?? "")
        }
        #expect(messages.count == 1)
        #expect(messages.first?.contains("first differing trace record #1: first run [0s a leaky tick value ") == true)
    }

    @Test func deterministicRunsPassTheCheck() throws {
        let registry = PluginRegistry([LeakyPlugin(leaks: false)])
        let scenario = try ScenarioLoader(registry: registry).load(
            text: #"""
                {"format": 1, "name": "calm", "duration": "1s", "devices": [{"id": "a"}], "plugins": {"leaky": {}},
                 "steps": [{"at": "0s", "device": "a", "do": "leaky.tick"}]}
                """#)
        var runs = ParallelRuns(runner: SimulationRunner(registry: registry), jobs: 2, keepsTrace: false)
        runs.checksDeterminism = true
        var passed = 0
        runs.run((0..<4).map { RunItem(scenario: scenario, seed: $0) }) { _, result in
            if result.passed && result.failure == nil { passed += 1 }
        }
        #expect(passed == 4)
    }
}

/// Counts ticks in a process-wide counter, so a second run of the same seed sees other numbers.
private struct LeakyPlugin: SimulationPlugin {
    // A lock, not `Mutex` (macOS 15 / iOS 18): the tests build at the package's minimum.
    nonisolated(unsafe) static var ticks: Int64 = 0
    static let ticksLock = Lock()
    var leaks = true
    /// false: the count is only in the record's hashed value, not in its text.
    var inDetail = true
    var name: String { "leaky" }
    var summary: String { "Ticks with a counter shared between runs." }

    func makeRun(configuration: NoArguments, context: SimulationContext) -> LeakyRun {
        LeakyRun(context: context, leaks: leaks, inDetail: inDetail)
    }
}

private enum LeakyAction: PluginEntries {
    case tick
    static let entries: [Entry<Self>] = [.entry("tick", "Record a tick.", .tick)]
}

private final class LeakyRun: PluginRun {
    let context: SimulationContext
    let leaks: Bool
    let inDetail: Bool

    init(context: SimulationContext, leaks: Bool, inDetail: Bool) {
        self.context = context
        self.leaks = leaks
        self.inDetail = inDetail
    }

    func start() {}

    func perform(_ action: LeakyAction, device: Device?) {
        let count: Int64 =
            leaks
            ? LeakyPlugin.ticksLock.withLock { () -> Int64 in
                LeakyPlugin.ticks += 1
                return LeakyPlugin.ticks
            } : 0
        context.trace.instant(device?.id ?? "", "leaky", "tick", inDetail ? "count \(count)" : "", value: count)
    }
}
