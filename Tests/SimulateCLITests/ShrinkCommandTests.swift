import Foundation
import SimulateJSON
import Testing

/// `simulate shrink` and swarm output end to end, through the built binary.
@Suite struct ShrinkCommandTests {
    static let allKeys = """
        {"format": 1, "name": "allKeys under load", "duration": "60s",
         "devices": [{"id": "a"}, {"id": "b"}, {"id": "c"}, {"id": "d"}],
         "network": {"latency": {"min": "20ms", "max": "120ms"}},
         "plugins": {"counter": {"savePolicy": "allKeys"}},
         "faults": [{"at": "20s", "for": "5s", "device": "c", "kind": "latency", "latency": "300ms"}],
         "steps": [{"at": "0s", "device": "a", "do": "counter.next", "repeat": {"every": "1s", "count": 20}},
                   {"at": "10ms", "device": "b", "do": "counter.next", "repeat": {"every": "1s", "count": 20}},
                   {"at": "20ms", "device": "c", "do": "counter.next", "repeat": {"every": "1s", "count": 20}},
                   {"at": "30ms", "device": "d", "do": "counter.next", "repeat": {"every": "1s", "count": 20}}],
         "expect": [{"invariant": "counter.retryBound"}, {"invariant": "counter.unique"}]}
        """

    @Test func itWritesAMinimalScenarioBesideTheFileAndSaysWhatItRemoved() throws {
        let directory = try CommandRunner.temporaryDirectory(["allkeys.json": Self.allKeys])
        let output = try CommandRunner.run(["shrink", "allkeys.json"], executable: "simulate", in: directory)
        #expect(output.status == 0)
        #expect(output.standardOutput.contains("still fails: counter.unique failed: displayId # handed out twice"))
        #expect(output.standardOutput.contains("before: 4 devices, 4 steps (80 with repeats), 1 faults"))
        #expect(output.standardOutput.contains("after:  2 devices"))
        #expect(output.standardOutput.contains("@Test func allKeysUnderLoadShrunk()"))
        let written = directory.appendingPathComponent("allkeys.min.json").path
        let validation = try CommandRunner.run(["validate", written], executable: "simulate")
        #expect(validation.status == 0)
        let rerun = try CommandRunner.run(["run", written], executable: "simulate")
        #expect(rerun.status == 1)
        #expect(rerun.standardOutput.contains("✗ counter.unique"))
        let minimal = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: written)))).root
        #expect((minimal["steps"]?.arrayValue?.count ?? 0) <= 2)
        #expect(minimal["faults"] == nil)
        #expect(minimal["description"]?.stringValue?.contains("Shrunk by simulate shrink from allkeys.json") == true)
    }

    /// A relative `$schema` names the schema from the file's folder: written to another folder, the minimal
    /// scenario's names the same schema from there.
    @Test func theMinimalScenarioWrittenElsewhereStillNamesItsSchema() throws {
        let withSchema = Self.allKeys.replacingOccurrences(
            of: #"{"format": 1,"#, with: #"{"$schema": "../schema/scenario.schema.json", "format": 1,"#)
        let directory = try CommandRunner.temporaryDirectory(["scenarios/allkeys.json": withSchema])
        let output = try CommandRunner.run(
            ["shrink", "scenarios/allkeys.json", "--output", "out/deeper/min.json"], executable: "simulate",
            in: directory)
        #expect(output.status == 0)
        let written = directory.appendingPathComponent("out/deeper/min.json")
        let minimal = try JSONParser.parse(Array(try Data(contentsOf: written))).root
        #expect(minimal["$schema"]?.stringValue == "../../schema/scenario.schema.json")
    }

    @Test func aScenarioThatPassesExitsWithOneAndWritesNothing() throws {
        let passing = Self.allKeys.replacingOccurrences(of: #""savePolicy": "allKeys""#, with: "")
        let directory = try CommandRunner.temporaryDirectory(["ok.json": passing])
        let output = try CommandRunner.run(
            ["shrink", "ok.json", "--output", "out.json"], executable: "simulate", in: directory)
        #expect(output.status == 1)
        #expect(output.standardOutput.contains("nothing to shrink"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.json").path))
    }

    @Test(arguments: [["shrink", "missing.json"], ["shrink", "x.json", "--max-runs", "0"]])
    func badInputExitsWithTwo(arguments: [String]) throws {
        let output = try CommandRunner.run(arguments, executable: "simulate")
        #expect(output.status == 2)
    }

    @Test func aFailingSwarmSeedPrintsItsFaultScheduleInBothFormats() throws {
        let swarm = """
            {"format": 1, "name": "swarm", "duration": "100s", "devices": [{"id": "a"}, {"id": "b"}],
             "plugins": {"counter": {"savePolicy": "allKeys"}},
             "faults": {"generate": {"kinds": ["offline", "latency"], "count": 3, "window": {"to": "50s"}}},
             "steps": [{"at": "0s", "device": "a", "do": "counter.next", "repeat": {"every": "1s", "count": 40}},
                       {"at": "5ms", "device": "b", "do": "counter.next", "repeat": {"every": "1s", "count": 40}}],
             "expect": [{"invariant": "counter.unique"}]}
            """
        let directory = try CommandRunner.temporaryDirectory(["swarm.json": swarm])
        let human = try CommandRunner.run(["run", "swarm.json", "--seed", "4"], executable: "simulate", in: directory)
        #expect(human.status == 1)
        #expect(human.standardOutput.contains("fault schedule drawn for seed 4 (3 faults):"))
        #expect(human.standardOutput.contains("shrink: simulate shrink swarm.json --seed 4"))
        let json = try CommandRunner.run(
            ["run", "swarm.json", "--seed", "4", "--format", "json"], executable: "simulate", in: directory)
        let line = try JSONParser.parse(Array(json.standardOutput.utf8)).root
        #expect(line["faultSchedule"]?.arrayValue?.count == 3)
        #expect(line["expectations"]?.arrayValue?.contains { $0["name"]?.stringValue == "counter.liveness" } == true)
    }
}
