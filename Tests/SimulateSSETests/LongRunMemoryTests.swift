import SimulateCore
import Testing

@testable import SimulateSSE

/// The `sse` invariants judge each client's log as it is written (README.md, "Memory"): what a run keeps of the
/// log does not grow with its length.
@Suite struct LongRunMemoryTests {
    /// Hands the `sse` run out once the run has ended.
    final class Inspector: @unchecked Sendable {
        var run: SSERun?
    }

    struct InspectPlugin: SimulationPlugin {
        let inspector: Inspector
        var name: String { "inspect" }
        var summary: String { "Keeps the sse run for the test." }

        func makeRun(configuration: NoArguments, context: SimulationContext) -> InspectRun {
            InspectRun(context: context, inspector: inspector)
        }
    }

    final class InspectRun: PluginRun {
        let context: SimulationContext
        let inspector: Inspector

        init(context: SimulationContext, inspector: Inspector) {
            self.context = context
            self.inspector = inspector
        }

        func finish() { inspector.run = context.pluginRun(named: "sse") as? SSERun }
    }

    /// A quiet stream that times out and reconnects every minute (quiet-stream-timeout.json), for `hours`.
    static func scenario(hours: Int, invariants: [String]) -> String {
        let expect = invariants.map { "{\"invariant\": \"sse.\($0)\"}" }.joined(separator: ", ")
        return """
            {"format": 1, "name": "long", "duration": "\(hours)h", "devices": [{"id": "phone"}, {"id": "tablet"}],
             "plugins": {"sse": {"items": ["milk"]}, "inspect": {}}\(expect.isEmpty ? "" : ", \"expect\": [\(expect)]")}
            """
    }

    /// Entries written to the clients' logs and entries kept, after a run of `hours`.
    static func logs(hours: Int, invariants: [String]) throws -> (written: Int, kept: Int, passed: Bool) {
        let inspector = Inspector()
        let registry = PluginRegistry([SSEPlugin(), InspectPlugin(inspector: inspector)])
        let scenario = try ScenarioLoader(registry: registry).load(
            text: scenario(hours: hours, invariants: invariants))
        let result = SimulationRunner(registry: registry).run(scenario, keepsTrace: false)
        // The kept run refers back to the inspector through its context: let it go, or the run leaks.
        defer { inspector.run = nil }
        let clients = try #require(inspector.run).clients
        return (
            clients.reduce(0) { $0 + $1.log.count }, clients.reduce(0) { $0 + $1.log.kept }, result.passed
        )
    }

    /// Every invariant of `sse` (a scenario without `expect`), or the offline indicator and backoff alone.
    @Test(arguments: [[], ["offlineIndicator", "backoff"]])
    func theJudgedLogKeepsTheSameFewEntriesForATenTimesLongerRun(invariants: [String]) throws {
        let short = try Self.logs(hours: 2, invariants: invariants)
        let long = try Self.logs(hours: 20, invariants: invariants)
        #expect(short.passed && long.passed)
        #expect(long.written > 9 * short.written, "\(short.written) then \(long.written) entries written")
        #expect(short.kept == 2 * JudgedLog.cited)
        #expect(long.kept == short.kept)
    }
}
