import SimulateCore
import Testing

@testable import SimulateModel

/// docs/model.md: silent pushes to an app the system has suspended (a `background` fault) are held
/// and one arrives when it returns to the foreground (`SuspendedAppPushes`, an assumption).
@Suite struct SuspendedPushTests {
    /// The model's zone subscription: no import while suspended, one on return (the bundled scenario
    /// states the counts; a push per change while suspended would import before 39 s).
    @Test func theModelsPushesWaitForTheForeground() throws {
        let file = ModelScenarioSupport.scenariosDirectory + "/pushes-held-in-background.json"
        for seed in 0..<5 as Range<UInt64> {
            let result = try ModelScenarioSupport.runFile(file, seed: seed)
            #expect(result.passed, "seed \(seed): \(ModelScenarioSupport.failures(result))")
        }
    }

    /// The counter's subscription: the iPad, suspended from 5 s to 30 s, learns nothing of the phone's
    /// ids 1 and 2 until it returns; then one push makes it fetch the counter (2).
    @Test func theCountersPushesWaitForTheForeground() throws {
        let text = """
            {"format": 1, "name": "test", "duration": "40s", "devices": [{"id": "phone"}, {"id": "ipad"}],
             "faults": [{"at": "5s", "for": "25s", "device": "ipad", "kind": "background"}],
             "plugins": {"counter": {"subscription": true}},
             "steps": [{"at": "10s", "device": "phone", "do": "counter.next", "repeat": {"every": "5s", "count": 2}}],
             "expect": [{"at": "29s", "device": "ipad", "check": "counter.knownValue", "equals": 0},
                        {"at": "end", "device": "ipad", "check": "counter.knownValue", "equals": 2}]}
            """
        let result = try ModelScenarioSupport.run(text, seed: 0)
        #expect(result.passed, "\(ModelScenarioSupport.failures(result))")
    }

    /// Without the fault nothing is held: the iPad knows the counter a push delay after each save.
    @Test func aForegroundAppGetsEachPush() throws {
        let text = """
            {"format": 1, "name": "test", "duration": "40s", "devices": [{"id": "phone"}, {"id": "ipad"}],
             "plugins": {"counter": {"subscription": true}},
             "steps": [{"at": "10s", "device": "phone", "do": "counter.next", "repeat": {"every": "5s", "count": 2}}],
             "expect": [{"at": "13s", "device": "ipad", "check": "counter.knownValue", "equals": 1},
                        {"at": "29s", "device": "ipad", "check": "counter.knownValue", "equals": 2}]}
            """
        let result = try ModelScenarioSupport.run(text, seed: 0)
        #expect(result.passed, "\(ModelScenarioSupport.failures(result))")
    }
}
