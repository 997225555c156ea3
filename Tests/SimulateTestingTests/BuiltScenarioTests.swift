import Foundation
import SimulateCore
import SimulateJSON
import SimulatePlugins
import SimulateTesting
import Testing

/// Scenarios built in Swift: written as scenario files, saved with their timeline and trace when
/// they fail, located at the builder call when invalid, and read back with typed values.
@Suite struct BuiltScenarioTests {
    private func outage() -> ScenarioBuilder {
        ScenarioBuilder("phone offline for 20 s", duration: .seconds(60))
            .device("phone")
            .device("mac", platform: .macOS, clockSkew: .milliseconds(-250))
            .plugin("sse", ["items": ["milk"]])
            .network(latency: .milliseconds(20) ... .milliseconds(120), loss: 0.001)
            .fault(.offline, at: .seconds(10), for: .seconds(20), devices: ["phone"], every: .seconds(5), count: 1)
            .fault(.latency, at: .seconds(40), for: .seconds(2), latency: .milliseconds(300) ... .milliseconds(400))
            .step(at: .seconds(2), device: "mac", do: "sse.add", args: ["text": "eggs"], every: .seconds(3), count: 4)
            .expect(invariant: "sse.backoff")
            .expect(check: "sse.offlineIndicator", at: .seconds(25), device: "phone", equals: true)
            .expect(check: "sse.connected", device: "phone", equals: true, sweep: .some)
    }

    @Test func aBuiltScenarioWritesAsAFileThatLoadsBackToTheSameRun() throws {
        let scenario = try outage().build()
        let loaded = try ScenarioLoader(registry: ScenarioHarness().registry).load(text: scenario.jsonText)
        #expect(loaded.json == scenario.json)
        let runner = SimulationRunner(registry: ScenarioHarness().registry)
        for seed: UInt64 in [0, 1, 7] {
            #expect(runner.run(loaded, seed: seed).traceHash == runner.run(scenario, seed: seed).traceHash)
        }
    }

    @Test(arguments: ScenarioSuite.files(in: "Scenarios"))
    func everyBundledScenarioRoundTripsThroughJSON(_ file: ScenarioFile) throws {
        let loader = ScenarioLoader(registry: ScenarioHarness().registry)
        let original = try loader.load(file: file.path)
        let again = try loader.load(text: original.jsonText)
        let runner = SimulationRunner(registry: ScenarioHarness().registry)
        #expect(runner.run(again, keepsTrace: false).traceHash == runner.run(original, keepsTrace: false).traceHash)
    }

    @Test func observedValuesAreReadByTheirCheckNotAStringKey() throws {
        let outcome = ScenarioHarness().run(try outage().build())
        #expect(outcome.observed("sse.offlineIndicator", at: .seconds(25), device: "phone", as: Bool.self) == true)
        #expect(outcome.observed("sse.connected", device: "phone") == .bool(true))
        #expect(outcome.observed("sse.connected", device: "mac") == nil)
        #expect(outcome.observed("sse.offlineIndicator", at: .seconds(25), device: "phone", as: Int.self) == nil)
    }

    @Test func jsonPrintsAsJSON() {
        let value: JSON = ["text": "milk", "done": false, "tags": [1, 2.5, nil]]
        #expect("\(value)" == #"{"text":"milk","done":false,"tags":[1,2.5,null]}"#)
        #expect(value.objectValue?.description == value.description)
    }

    @Test func anInvalidBuilderIsReportedAtTheBuilderCall() throws {
        let line = #line + 3
        let builder = outage()
            .step(at: .seconds(1), device: "tablet", do: "sse.add", args: ["text": "x"])
            .expect(invariant: "sse.bakoff")
        #expect {
            try builder.build()
        } throws: { error in
            guard let diagnostics = (error as? ScenarioError)?.diagnostics else { return false }
            let device = diagnostics.first { $0.path.description == "/steps/1/device" }
            let invariant = diagnostics.first { $0.path.description == "/expect/3/invariant" }
            return device?.file == #filePath && device?.location?.line == line - 1
                && invariant?.location?.line == line
                && device?.description.hasPrefix("\(#filePath):\(line - 1):") == true
        }
    }

    @Test func aFailingRunSavesItsScenarioTimelineAndTrace() throws {
        let scenario = try outage()
            .expect(check: "sse.offlineIndicator", at: .seconds(25), device: "phone", equals: false)
            .build()
        var outcome: ScenarioOutcome?
        withKnownIssue {
            outcome = ScenarioExpectations.check(scenario)
        }
        let artifacts = try #require(outcome?.artifacts)
        let saved = try String(contentsOfFile: artifacts.scenarioFile, encoding: .utf8)
        #expect(saved == scenario.jsonText)
        #expect(try String(contentsOfFile: artifacts.timeline, encoding: .utf8).contains("<!DOCTYPE html>"))
        #expect(try String(contentsOfFile: artifacts.trace, encoding: .utf8).contains("traceEvents"))
        let message = try #require(outcome?.failures.first?.message)
        #expect(message.contains("replay: simulate run \(artifacts.scenarioFile) --seed 0"))
        #expect(message.contains("saved: \(artifacts.scenarioFile)"))
        let replayed = ScenarioHarness().run(ScenarioFile(path: artifacts.scenarioFile))
        #expect(replayed.result?.traceHash == outcome?.result?.traceHash)
    }

    @Test func aSeedRangeJudgesSomeExpectationsOverTheRange() throws {
        let scenario = try ScenarioBuilder("counter", duration: .seconds(10))
            .device("phone").plugin("counter")
            .step(at: .seconds(1), device: "phone", do: "counter.next")
            .expect(check: "counter.value", equals: 1, sweep: .some)
            .expect(check: "counter.value", equals: 2, sweep: .some)
            .build()
        let sweep = ScenarioHarness().sweep(scenario, seeds: 0...3)
        #expect(sweep.outcomes.count == 4)
        #expect(sweep.failures.count == 1)
        #expect(
            sweep.failures.first?.message.contains("needs counter.value at end equals 2 with at least one seed") == true
        )
    }
}
