import Foundation
import SimulateCore
import SimulateSSE
import TestSupport
import Testing

@testable import SimulateSSEServe

/// `probe` before the run: it waits for a server still starting, says what the server must hold, and
/// names what it cannot judge.
@Suite(.serialized, .onAThreadOfItsOwn) struct ProbeWaitTests {
    static let text = """
        {"format": 1, "name": "probe", "duration": "2s", "devices": [{"id": "phone"}],
         "network": {"latency": "0s"}, "plugins": {"sse": {"items": ["milk", "eggs"]}},
         "steps": [{"at": "0.5s", "device": "phone", "do": "sse.add", "args": {"text": "bread"}}],
         "expect": [{"invariant": "sse.fullState"},
                    {"check": "sse.items", "at": "1s", "device": "phone", "equals": []},
                    {"check": "sse.items", "at": "end", "device": "phone", "equals": [{"text": "milk", "done": false}, {"text": "eggs", "done": false}, {"text": "bread", "done": false}]}]}
        """

    static func freePort() throws -> Int {
        let scenario = try ScenarioLoader(registry: PluginRegistry([SSEPlugin()])).load(text: text)
        let server = try FixtureServer(scenario: scenario, options: ServeOptions())
        let port = server.port
        server.stop()
        _ = try server.run()
        return port
    }

    @Test func probeWaitsForAServerThatStartsLate() throws {
        let port = try Self.freePort()
        let late = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var served: ServedRun?
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 1)
            served = try? ServedRun(Self.text, options: ServeOptions(port: port, startsOnFirstClient: true))
            late.signal()
        }
        let scenario = try ScenarioLoader(registry: PluginRegistry([SSEPlugin()])).load(text: Self.text)
        let started = Date()
        let probe = try RealServerProbe(scenario: scenario, url: "http://127.0.0.1:\(port)")
        #expect(Date().timeIntervalSince(started) >= 0.8)
        #expect(probe.requiredInitialState.hasPrefix(#"2 item(s), in order: "milk", "eggs""#))
        #expect(ProbeJudge.notJudged(scenario) == ["sse.items"])
        #expect(
            probe.notJudged == [
                "sse.items at 1.000s on phone: needs an optimistic edit: sse.add at 0.500s may still be pending, and the probe's client makes no optimistic edits"
            ])
        let result = try probe.run()
        late.wait()
        _ = try served?.result()
        let fullState = try #require(result.expectations.first { $0.name == "sse.fullState" })
        #expect(fullState.passed, "\(fullState.violations.map(\.message))")
        #expect(
            result.passed,
            "\(result.expectations.filter { !$0.passed }.map { ($0.name, $0.violations.map(\.message)) })")
    }

    @Test func probeGivesUpAfterItsWait() throws {
        let port = try Self.freePort()
        let scenario = try ScenarioLoader(registry: PluginRegistry([SSEPlugin()])).load(text: Self.text)
        let started = Date()
        #expect(throws: ProbeError.self) {
            _ = try RealServerProbe(
                scenario: scenario, url: "http://127.0.0.1:\(port)",
                options: ProbeOptions(waitForServer: .milliseconds(600)))
        }
        #expect(Date().timeIntervalSince(started) >= 0.5)
    }
}
