import SimulateAsync
import SimulateCore
import Testing

@Suite struct FaultPointTests {
    /// One task calls two fault points 40 times each, a millisecond apart, and writes down which fired.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    static let caller: AppPlugin.Start = { runtime, context, log in
        runtime.spawn(on: context.devices[0], "caller") {
            for call in 1...40 {
                if SimulationFault.maybe("refresh fails") { log.lines.append("refresh fails \(call)") }
                if SimulationFault.maybe("save is slow") { log.lines.append("save is slow \(call)") }
                try await runtime.clock.sleep(for: .milliseconds(1))
            }
        }
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    static func run(seed: UInt64, faultPoints: String? = nil, keepsTrace: Bool = false) throws -> RunResult {
        let registry = PluginRegistry([AppPlugin(start: caller)])
        let field = faultPoints.map { ", \"faultPoints\": \($0)" } ?? ""
        let scenario = try ScenarioLoader(registry: registry).load(
            text: """
                {"format": 1, "name": "fault points", "duration": "1s", "devices": [{"id": "phone"}],
                 "plugins": {"app": {}}\(field)}
                """)
        return SimulationRunner(registry: registry).run(scenario, seed: seed, keepsTrace: keepsTrace)
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func inertOutsideASimulation() async {
        #expect(!SimulationFault.maybe("refresh fails"))
        let fired = await Task { SimulationFault.maybe("refresh fails") }.value
        #expect(!fired)
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func theSameSeedFiresTheSameCallsAndRecordsThem() throws {
        for seed in UInt64(0)..<20 {
            let first = try Self.run(seed: seed, keepsTrace: true)
            let second = try Self.run(seed: seed, keepsTrace: true)
            #expect(first.firedFaultPoints == second.firedFaultPoints)
            #expect(first.traceHash == second.traceHash)
            let traced = first.trace.filter { $0.name == "fault.point" }
            #expect(traced.count == first.firedFaultPoints.count)
            for (record, firing) in zip(traced, first.firedFaultPoints) {
                #expect(record.time == firing.at && record.track == "phone" && firing.task == "caller")
                #expect(record.detail.contains("\"\(firing.name)\""))
            }
        }
    }

    /// FoundationDB's two levels: a point is active in about a quarter of the runs, and an active point
    /// fires at about a quarter of its calls.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func activationAndFiringFollowTheSettings() throws {
        var activeRuns = 0
        var firedCalls = 0
        for seed in UInt64(0)..<400 {
            let fired = try Self.run(seed: seed).firedFaultPoints.filter { $0.name == "refresh fails" }
            if !fired.isEmpty { activeRuns += 1 }
            firedCalls += fired.count
        }
        // An active point fires at none of 40 calls with probability 0.75^40 (1e-5): active ≈ fired at least once.
        #expect((60...140).contains(activeRuns), "active in \(activeRuns) of 400 runs")
        let perCall = Double(firedCalls) / Double(max(activeRuns, 1) * 40)
        #expect((0.18...0.32).contains(perCall), "fired at \(perCall) of an active point's calls")

        let always = try Self.run(seed: 3, faultPoints: #"{"activation": 1, "firing": 1}"#).firedFaultPoints
        #expect(always.count == 80)
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func aScenarioTurnsPointsOffOrForcesOne() throws {
        for seed in UInt64(0)..<20 {
            #expect(try Self.run(seed: seed, faultPoints: #"{"enabled": false}"#).firedFaultPoints.isEmpty)
            let forced = try Self.run(
                seed: seed, faultPoints: #"{"force": ["save is slow"], "off": ["refresh fails"]}"#)
            #expect(forced.firedFaultPoints.map(\.call) == Array(1...40))
            #expect(forced.firedFaultPoints.allSatisfy { $0.name == "save is slow" })
        }
    }

    /// The points draw from a stream of their own: the schedule of the app's jobs does not change.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func firingLeavesTheScheduleAlone() throws {
        for seed in UInt64(0)..<10 {
            let on = try Self.run(seed: seed, faultPoints: #"{"activation": 1, "firing": 1}"#)
            let off = try Self.run(seed: seed, faultPoints: #"{"enabled": false}"#)
            #expect(on.events == off.events)
        }
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func badSettingsAreLocated() {
        let registry = PluginRegistry([AppPlugin(start: Self.caller)])
        #expect {
            try ScenarioLoader(registry: registry).load(
                text: """
                    {"format": 1, "name": "x", "duration": "1s", "devices": [{"id": "phone"}], "plugins": {"app": {}},
                     "faultPoints": {"firing": 2, "force": ["a"], "off": ["a"], "sometimes": true}}
                    """)
        } throws: { error in
            let text = "\(error)"
            return text.contains("/faultPoints/firing") && text.contains("/faultPoints/force")
                && text.contains("sometimes")
        }
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func settingsSurviveWritingTheScenarioBack() throws {
        let registry = PluginRegistry([AppPlugin(start: Self.caller)])
        let loader = ScenarioLoader(registry: registry)
        let scenario = try loader.load(
            text: """
                {"format": 1, "name": "x", "duration": "1s", "devices": [{"id": "phone"}], "plugins": {"app": {}},
                 "faultPoints": {"enabled": false, "activation": 0.5, "firing": 0.125, "off": ["a"], "force": ["b"]}}
                """)
        #expect(scenario.faultPoints.activation == 0.5 && scenario.faultPoints.firing == 0.125)
        #expect(try loader.load(text: scenario.jsonText).faultPoints == scenario.faultPoints)
        #expect(
            try loader.load(
                text:
                    #"{"format": 1, "name": "x", "duration": "1s", "devices": [{"id": "phone"}], "plugins": {"app": {}}}"#
            ).faultPoints == FaultPointSettings())
    }
}
