import Foundation
import Testing

/// `"sweep": "some"` and `"pinSeed"` under `simulate run --seeds`, in every output format.
@Suite struct SweepRuleTests {
    /// The counter reaches 1 with every seed: `equals 1` is met by all, `equals 99` by none.
    static func scenario(equals value: Int, pinSeed: Bool = false) -> String {
        """
        {"format": 1, "name": "counter sweep", "duration": "10s", "seed": 3\(pinSeed ? ", \"pinSeed\": true" : ""),
         "devices": [{"id": "phone"}], "plugins": {"counter": {}},
         "steps": [{"at": "1s", "device": "phone", "do": "counter.next"}],
         "expect": [{"invariant": "counter.unique"},
                    {"at": "end", "check": "counter.value", "equals": \(value), "sweep": "some"}]}
        """
    }

    @Test func anExpectationMetWithSomeSeedPassesTheSweep() throws {
        let folder = try ScenarioFolder(["met.json": Self.scenario(equals: 1)])
        let output = try BuiltSimulate.run(
            ["run", "Scenarios", "--seeds", "0..4", "--junit", "report.xml"], in: folder.path)
        #expect(output.status == 0)
        let lines = output.standardOutput.split(separator: "\n").map(String.init)
        #expect(
            lines.contains(
                "SWEEP PASS Scenarios/met.json  counter.value at end equals 1 with 5 of 5 seeds (0-4); "
                    + "needed at least one (first: seed 0)"))
        #expect(lines.last == "5 passed, 0 failed")
        let junit = try folder.read("report.xml")
        #expect(junit.contains("sweep of 5 seed(s): counter.value at end equals 1 with at least one seed"))
        #expect(junit.contains("failures=\"0\""))
    }

    @Test func aSeedThatFailsOtherwiseDoesNotJudgeTheSweepsExpectationsItself() throws {
        let failing = Self.scenario(equals: 99).replacingOccurrences(
            of: #"[{"invariant": "counter.unique"},"#,
            with: #"[{"invariant": "counter.unique"}, {"at": "end", "check": "counter.value", "equals": 7},"#)
        let folder = try ScenarioFolder(["other.json": failing])
        let output = try BuiltSimulate.run(["run", "Scenarios", "--seeds", "0..1"], in: folder.path)
        #expect(output.status == 1)
        // Each seed's ✗ names what it failed itself; `equals 99` is judged once, on its SWEEP line.
        #expect(output.standardOutput.contains("✗ counter.value at end: expected 7, observed 1"))
        #expect(!output.standardOutput.contains("✗ counter.value at end: expected 99"))
        #expect(output.standardOutput.contains("1/3 expectations (+1 judged over the sweep)"))
        #expect(output.standardOutput.contains("SWEEP FAIL Scenarios/other.json"))
        // A single run is a sweep of one: there it is judged, and shown.
        let single = try BuiltSimulate.run(["run", "Scenarios/other.json", "--seed", "0"], in: folder.path)
        #expect(single.standardOutput.contains("✗ counter.value at end: expected 99, observed 1"))
    }

    @Test func anExpectationNoSeedMetFailsOnceNotPerRun() throws {
        let folder = try ScenarioFolder(["never.json": Self.scenario(equals: 99)])
        let output = try BuiltSimulate.run(
            ["run", "Scenarios", "--seeds", "0..4", "--junit", "report.xml", "--html", "report.html"],
            in: folder.path)
        #expect(output.status == 1)
        let lines = output.standardOutput.split(separator: "\n").map(String.init)
        #expect(
            lines.contains {
                $0.hasPrefix("SWEEP FAIL Scenarios/never.json  counter.value at end equals 99 with none of 5 seeds")
            })
        #expect(lines.contains("sweep: 0 of 1 expectation(s) judged over the sweep met"))
        #expect(lines.last == "5 passed, 0 failed")
        let junit = try folder.read("report.xml")
        #expect(junit.contains("tests=\"6\" failures=\"1\""))
        #expect(try folder.read("report.html").contains("Judged over the sweep"))
    }

    @Test func aSingleRunJudgesEveryExpectationOnItself() throws {
        let folder = try ScenarioFolder(["never.json": Self.scenario(equals: 99)])
        let output = try BuiltSimulate.run(["run", "Scenarios/never.json"], in: folder.path)
        #expect(output.status == 1)
        #expect(output.standardOutput.contains("FAIL Scenarios/never.json"))
    }

    @Test func jsonOutputCarriesTheVerdictOnTheFilesLastRun() throws {
        let folder = try ScenarioFolder(["never.json": Self.scenario(equals: 99)])
        let output = try BuiltSimulate.run(
            ["run", "Scenarios", "--seeds", "0..2", "--format", "json"], in: folder.path)
        let objects = output.standardOutput.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(objects.count == 3)
        #expect(objects.allSatisfy { $0["passed"] as? Bool == true })
        #expect(objects[0]["sweep"] == nil)
        let sweep = try #require(objects[2]["sweep"] as? [String: Any])
        #expect(sweep["passed"] as? Bool == false)
        let verdict = try #require((sweep["expectations"] as? [[String: Any]])?.first)
        #expect(verdict["name"] as? String == "counter.value")
        #expect(verdict["metSeeds"] as? Int == 0)
        #expect(verdict["seeds"] as? Int == 3)
        let expectation = try #require((objects[0]["expectations"] as? [[String: Any]])?.last)
        #expect(expectation["sweep"] as? String == "some")
        #expect(output.status == 1)
    }

    @Test func aPinnedScenarioRunsOnceWithItsOwnSeed() throws {
        let folder = try ScenarioFolder(["pinned.json": Self.scenario(equals: 1, pinSeed: true)])
        let output = try BuiltSimulate.run(
            ["run", "Scenarios", "--seeds", "0..99", "--no-quiet"], in: folder.path)
        let lines = output.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("PASS") }.count == 1)
        #expect(lines.first?.contains("seed 3") == true)
        #expect(lines.last == "1 passed, 0 failed")
    }

    @Test func aSweepIntoAPipeIsQuietUnlessAskedOtherwise() throws {
        let folder = try ScenarioFolder(["calm.json": ScenarioFolder.calm, "wrong.json": ScenarioFolder.wrong])
        let quiet = try BuiltSimulate.run(["run", "Scenarios", "--seeds", "0..3"], in: folder.path)
        #expect(!quiet.standardOutput.contains("PASS Scenarios/calm.json"))
        #expect(quiet.standardOutput.contains("FAIL Scenarios/wrong.json  seed 0"))
        #expect(quiet.standardOutput.hasSuffix("4 passed, 4 failed\n"))
        let loud = try BuiltSimulate.run(["run", "Scenarios", "--seeds", "0..3", "--no-quiet"], in: folder.path)
        #expect(loud.standardOutput.contains("PASS Scenarios/calm.json  seed 3"))
        let single = try BuiltSimulate.run(["run", "Scenarios/calm.json", "--quiet"], in: folder.path)
        #expect(single.standardOutput == "1 passed, 0 failed\n")
    }
}
