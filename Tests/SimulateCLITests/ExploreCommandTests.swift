import Foundation
import SimulateJSON
import Testing

/// `simulate explore` and `--strategy` end to end, through the built binary.
@Suite struct ExploreCommandTests {
    static let files = ["calm.json": ScenarioFolder.calm, "wrong.json": ScenarioFolder.wrong]

    @Test func exploreStopsAtTheFirstFailureAndPrintsReplayShrinkAndCoverage() throws {
        let directory = try CommandRunner.temporaryDirectory(Self.files)
        let output = try CommandRunner.run(
            ["explore", "wrong.json", "--strategy", "pct:2", "--runs", "5", "--seed", "3"], executable: "simulate",
            in: directory)
        #expect(output.status == 1)
        let text = output.standardOutput
        #expect(text.contains("found a failing schedule after 1 schedule of pct:2 (seed 3, strategy pct:2:1000)"))
        #expect(text.contains("replay: simulate run wrong.json --seed 3 --strategy pct:2:1000"))
        #expect(text.contains("shrink: simulate shrink wrong.json --seed 3 --strategy pct:2:1000"))
        #expect(text.contains("coverage: 1 distinct schedule of 1"))
        // The printed replay command fails the same way.
        let replay = try CommandRunner.run(
            ["run", "wrong.json", "--seed", "3", "--strategy", "pct:2:1000"], executable: "simulate", in: directory)
        #expect(replay.status == 1)
        #expect(replay.standardOutput.contains("replay: simulate run wrong.json --seed 3 --strategy pct:2:1000"))
    }

    @Test func runsPastTheLargestSeedAreRefusedWithTheCountThatFits() throws {
        let directory = try CommandRunner.temporaryDirectory(Self.files)
        let output = try CommandRunner.run(
            ["explore", "calm.json", "--seed", "18446744073709551610", "--runs", "100"], executable: "simulate",
            in: directory)
        #expect(output.status == 2)
        #expect(
            output.standardError.contains(
                "100 runs from seed 18446744073709551610 go past the largest seed, 18446744073709551615: "
                    + "at most 6 runs can start there"))
        let last = try CommandRunner.run(
            ["explore", "calm.json", "--seed", "18446744073709551610", "--runs", "6"], executable: "simulate",
            in: directory)
        #expect(last.status == 0)
        #expect(last.standardOutput.contains("no failure in 6 schedules"))
    }

    @Test func exploreWithoutAFailureExitsZeroAndReportsCoverageAsJSON() throws {
        let directory = try CommandRunner.temporaryDirectory(Self.files)
        let output = try CommandRunner.run(
            ["explore", "calm.json", "--strategy", "delay:1", "--seeds", "10..14", "--format", "json"],
            executable: "simulate", in: directory)
        #expect(output.status == 0)
        let json = try JSONParser.parse(Array(output.standardOutput.utf8)).root
        #expect(json["runs"]?.intValue == 5)
        #expect(json["failure"]?.isNull == true)
        #expect(json["strategy"]?.stringValue == "delay:1")
        #expect(json["coverage"]?["schedules"]?.intValue == 5)
        #expect(json["coverage"]?["curve"]?.arrayValue?.map { $0["runs"]?.intValue ?? 0 } == [1, 2, 4, 5])
    }

    @Test(arguments: [
        ["explore", "calm.json", "--strategy", "pct:0"], ["explore", "calm.json", "--runs", "0"],
        ["explore", "calm.json", "--seeds", "1..2", "--runs", "3"], ["run", "calm.json", "--strategy", "delay"],
        ["shrink", "wrong.json", "--strategy", "replay:2,1"], ["explore", "missing.json"],
        ["explore", "wrong.json", "--output", "x.json"],
        ["explore", "wrong.json", "--shrink", "--output", "calm.json/x.json"],
        ["explore", "wrong.json", "--shrink", "--output", "wrong.json"],
        ["shrink", "wrong.json", "--event-budget", "0"],
    ])
    func badArgumentsExitWithTwo(arguments: [String]) throws {
        let directory = try CommandRunner.temporaryDirectory(Self.files)
        let output = try CommandRunner.run(arguments, executable: "simulate", in: directory)
        #expect(output.status == 2, "\(arguments): \(output.standardError)")
    }

    @Test func aBadStrategyInTheFileIsLocated() throws {
        let bad = ScenarioFolder.calm.replacingOccurrences(
            of: "\"plugins\": {\"counter\": {}},", with: "\"plugins\": {\"counter\": {}}, \"strategy\": \"pct:two\",")
        let directory = try CommandRunner.temporaryDirectory(["bad.json": bad])
        for command in ["run", "explore", "validate"] {
            let output = try CommandRunner.run([command, "bad.json"], executable: "simulate", in: directory)
            #expect(output.status == 2)
            let said = output.standardOutput + output.standardError
            #expect(said.contains("bad.json:3:"), "\(command): \(said)")
            #expect(said.contains("/strategy: \"pct:two\": D must be a whole number from 1 to 1000000"))
        }
    }

    @Test func theFileStrategyIsOverriddenAndNamedInTheJSONReplay() throws {
        let directory = try CommandRunner.temporaryDirectory(Self.files)
        let output = try CommandRunner.run(
            ["run", "wrong.json", "--strategy", "fifo", "--format", "json"], executable: "simulate", in: directory)
        #expect(output.status == 1)
        let json = try JSONParser.parse(Array(output.standardOutput.utf8)).root
        #expect(json["replay"]?.stringValue == "simulate run wrong.json --seed 0 --strategy fifo")
    }

    @Test func replayAndShrinkCommandsRepeatTheCommandLinesOptions() throws {
        let directory = try CommandRunner.temporaryDirectory(Self.files)
        let options = ["--event-budget", "100000", "--fault-point", "refresh fails=force"]
        let output = try CommandRunner.run(
            ["explore", "wrong.json", "--strategy", "pct:2", "--runs", "5", "--seed", "3", "--format", "json"]
                + options,
            executable: "simulate", in: directory)
        #expect(output.status == 1)
        let failure = try JSONParser.parse(Array(output.standardOutput.utf8)).root["failure"]
        let suffix = " --seed 3 --strategy pct:2:1000 --event-budget 100000 --fault-point 'refresh fails=force'"
        #expect(failure?["replay"]?.stringValue == "simulate run wrong.json" + suffix)
        #expect(failure?["shrink"]?.stringValue == "simulate shrink wrong.json" + suffix)
        let replay = try CommandRunner.run(
            ["run", "wrong.json", "--seed", "3", "--strategy", "pct:2:1000", "--format", "json"] + options,
            executable: "simulate", in: directory)
        let replayed = try JSONParser.parse(Array(replay.standardOutput.utf8)).root
        #expect(replayed["traceHash"]?.stringValue == failure?["traceHash"]?.stringValue)
        #expect(replayed["replay"]?.stringValue == "simulate run wrong.json" + suffix)
    }

    @Test func exploreShrinkWritesTheMinimalScenarioWithTheOptionsInIt() throws {
        let directory = try CommandRunner.temporaryDirectory(Self.files)
        let output = try CommandRunner.run(
            [
                "explore", "wrong.json", "--strategy", "pct:2", "--runs", "5", "--shrink", "--output", "min.json",
                "--event-budget", "100000", "--fault-points", "off",
            ], executable: "simulate", in: directory)
        #expect(output.status == 1)
        #expect(output.standardOutput.contains("shrunk wrong.json (seed 0) → min.json"), "\(output.standardOutput)")
        #expect(output.standardOutput.contains("replay: simulate run min.json"))
        let minimal = try JSONParser.parse(Array(try Data(contentsOf: directory.appendingPathComponent("min.json"))))
            .root
        #expect(minimal["limits"]?["events"]?.intValue == 100000)
        #expect(minimal["faultPoints"]?["enabled"]?.boolValue == false)
        let replay = try CommandRunner.run(["run", "min.json"], executable: "simulate", in: directory)
        #expect(replay.status == 1)
    }
}
