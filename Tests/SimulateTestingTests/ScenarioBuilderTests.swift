import SimulateCore
import SimulateTesting
import Testing

@Suite struct ScenarioBuilderTests {
    let plugins: [any SimulationPlugin] = [ProbePlugin()]

    private func base() -> ScenarioBuilder {
        ScenarioBuilder("built in code", duration: .seconds(30))
            .device("phone")
            .device("mac", platform: .macOS, clockSkew: .milliseconds(-250))
            .plugin("probe")
            .network(latency: .milliseconds(20) ... .milliseconds(80), loss: 0.01)
            .fault(.offline, at: .seconds(5), for: .seconds(2), devices: ["phone"], every: .seconds(10), count: 2)
            .step(at: .seconds(1), device: "phone", do: "probe.ping", every: .seconds(1), count: 3)
    }

    @Test func buildsTheSameScenarioAFileWould() throws {
        let scenario = try base().expect(invariant: "probe.quiet").build(plugins: plugins)
        #expect(scenario.duration == .seconds(30))
        #expect(scenario.devices[1].clockSkew == .milliseconds(-250))
        #expect(scenario.network.latency == LatencyRange(minimum: .milliseconds(20), maximum: .milliseconds(80)))
        #expect(scenario.faults.first?.repeat == Repeat(every: .seconds(10), count: 2))
        #expect(scenario.steps.first?.qualifiedName == "probe.ping")
    }

    @Test func runsAndPassesPointChecks() throws {
        let scenario = try base()
            .expect(invariant: "probe.quiet")
            .expect(check: "probe.pings", at: .seconds(2), device: "phone", equals: 2)
            .expect(check: "probe.pings", device: "phone", equals: 3)
            .build(plugins: plugins)
        let outcome = ScenarioExpectations.check(scenario, plugins: plugins)
        #expect(outcome.passed)
    }

    @Test func documentedHazardPassesOnlyWhenViolated() throws {
        let scenario = try base()
            .step(at: .seconds(3), device: "mac", do: "probe.alarm")
            .expect(invariant: "probe.quiet", violated: true)
            .build(plugins: plugins)
        #expect(ScenarioHarness(plugins: plugins).run(scenario).passed)
    }

    @Test func invalidScenarioThrowsEveryProblemWithItsPath() {
        #expect {
            try base()
                .step(at: .seconds(1), device: "tablet", do: "probe.ping")
                .expect(invariant: "probe.loud")
                .build(plugins: plugins)
        } throws: { error in
            let paths = (error as? ScenarioError)?.diagnostics.map(\.path.description) ?? []
            return paths.contains("/steps/1/device") && paths.contains("/expect/0/invariant")
        }
    }
}
