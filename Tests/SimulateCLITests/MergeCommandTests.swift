import Foundation
import TestSupport
import Testing

/// `simulate merge`: N shards' run reports give what one unsharded run gives, and shards of different sweeps are refused.
@Suite(.filesOnOneThreadSoNotUnderTheThreadSanitizer) struct MergeCommandTests {
    /// calm (passes), wrong (fails every seed) and lost-responses (a `"sweep": "some"` hazard met with most seeds).
    static func folder() throws -> ScenarioFolder {
        let hazard = try String(
            contentsOf: CommandRunner.repositoryRoot.appendingPathComponent("Scenarios/counter/lost-responses.json"),
            encoding: .utf8)
        var files = ScenarioFolder.standard
        files["lost-responses.json"] = hazard
        return try ScenarioFolder(files)
    }

    static func shards(_ count: Int, seeds: String, in folder: ScenarioFolder) throws -> [String] {
        try (1...count).map { index in
            let output = try ShardedRuns.simulate(
                ["run", "Scenarios", "--seeds", seeds, "--shard", "\(index)/\(count)", "--json", "s\(index).json"],
                in: folder.path)
            #expect(output.status == 1, "shard \(index): \(output.standardError)")
            return "s\(index).json"
        }
    }

    @Test(arguments: [1, 3, 4])
    func mergedShardsEqualOneUnshardedRun(count: Int) throws {
        let folder = try Self.folder()
        let one = try ShardedRuns.simulate(
            ["run", "Scenarios", "--seeds", "0..29", "--quiet", "--junit", "one.xml", "--json", "one.json"],
            in: folder.path)
        #expect(one.status == 1)
        let shards = try Self.shards(count, seeds: "0..29", in: folder)
        let merged = try ShardedRuns.simulate(
            ["merge"] + shards.reversed() + [
                "--junit", "merged.xml", "--json", "merged.json", "--html", "merged.html",
            ],
            in: folder.path)
        #expect(merged.status == one.status)
        #expect(merged.standardOutput == one.standardOutput)
        #expect(merged.standardOutput.contains("SWEEP PASS Scenarios/lost-responses.json"))
        #expect(merged.standardOutput.hasSuffix("60 passed, 30 failed\n"))
        #expect(try folder.read("merged.xml") == folder.read("one.xml"))
        #expect(try folder.read("merged.json") == folder.read("one.json"))
        let page = try folder.read("merged.html")
        #expect(page.contains("<title>simulate — 60 passed, 30 failed</title>"))
        #expect(merged.standardError.contains("merging \(count) shard(s) of scenario set"))
    }

    @Test func mergedReplayLinesKeepTheStrategyAndTheCommandLinesOptions() throws {
        let folder = try Self.folder()
        let options = ["--strategy", "fifo", "--event-budget", "100000", "--fault-points", "off"]
        let one = try ShardedRuns.simulate(
            ["run", "Scenarios/wrong.json", "--seeds", "0..3", "--json", "one.json"] + options, in: folder.path)
        for index in 1...2 {
            _ = try ShardedRuns.simulate(
                ["run", "Scenarios/wrong.json", "--seeds", "0..3", "--shard", "\(index)/2", "--json", "s\(index).json"]
                    + options, in: folder.path)
        }
        let merged = try ShardedRuns.simulate(["merge", "s1.json", "s2.json"], in: folder.path)
        #expect(merged.standardOutput == one.standardOutput)
        #expect(
            one.standardOutput.contains(
                "replay: simulate run Scenarios/wrong.json --seed 2 --strategy fifo --event-budget 100000 --fault-points off"
            ), "\(one.standardOutput)")
    }

    @Test func theShardReportStartsWithAHeaderAndKeepsEachRunsJSONLine() throws {
        let folder = try Self.folder()
        _ = try Self.shards(2, seeds: "0..3", in: folder)
        let lines = try folder.read("s2.json").split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("{\"simulateRunReport\":1,") == true)
        #expect(lines.first?.contains("\"seeds\":{\"first\":0,\"last\":3}") == true)
        #expect(lines.first?.contains("\"shard\":{\"index\":2,\"count\":2}") == true)
        #expect(lines.last?.hasPrefix("{\"end\":{\"runs\":6,") == true)
        let stdout = try ShardedRuns.simulate(
            ["run", "Scenarios", "--seeds", "0..3", "--shard", "2/2", "--format", "json"], in: folder.path)
        let printed = stdout.standardOutput.split(separator: "\n").map(String.init)
        #expect(printed.count == lines.count - 2)
        // Each run line is the printed line's members, then position, group (and brokeAtNanoseconds).
        for (line, run) in zip(lines.dropFirst(), printed) {
            let runWithoutSweep = run.components(separatedBy: ",\"sweep\":")[0].trimmingCharacters(in: ["}"])
            #expect(line.hasPrefix(runWithoutSweep))
        }
    }

    @Test func refusesMissingOverlappingAndForeignShards() throws {
        let folder = try Self.folder()
        let shards = try Self.shards(3, seeds: "0..5", in: folder)
        func merge(_ arguments: [String]) throws -> BuiltSimulate.Output {
            try ShardedRuns.simulate(["merge"] + arguments, in: folder.path)
        }
        let missing = try merge([shards[0], shards[2]])
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("shard(s) 2 of 3 missing"))
        let twice = try merge(shards + [shards[1]])
        #expect(twice.status == 2)
        #expect(twice.standardError.contains("s2.json and s2.json are both shard 2/3: shards overlap"))

        let otherSeeds = try ShardedRuns.simulate(
            ["run", "Scenarios", "--seeds", "0..6", "--shard", "2/3", "--json", "seeds.json"], in: folder.path)
        #expect(otherSeeds.status == 1)
        let seeds = try merge([shards[0], "seeds.json", shards[2]])
        #expect(seeds.status == 2)
        #expect(seeds.standardError.contains("different seed ranges (--seeds 0..5 vs --seeds 0..6)"))

        let otherCount = try ShardedRuns.simulate(
            ["run", "Scenarios", "--seeds", "0..5", "--shard", "2/4", "--json", "count.json"], in: folder.path)
        #expect(otherCount.status == 1)
        #expect(
            try merge([shards[0], "count.json"]).standardError.contains("different numbers of shards (1/3 vs 2/4)"))

        try Data(ScenarioFolder.calm.replacingOccurrences(of: "\"20s\"", with: "\"21s\"").utf8).write(
            to: URL(fileURLWithPath: folder.path + "/Scenarios/calm.json"))
        let edited = try ShardedRuns.simulate(
            ["run", "Scenarios", "--seeds", "0..5", "--shard", "2/3", "--json", "edited.json"], in: folder.path)
        #expect(edited.status == 1)
        let files = try merge([shards[0], "edited.json", shards[2]])
        #expect(files.status == 2)
        #expect(files.standardError.contains("are not shards of one sweep: different scenario sets (fingerprint"))
    }

    @Test func refusesAReportPathNamedTwice() throws {
        let folder = try Self.folder()
        let run = try ShardedRuns.simulate(
            ["run", "Scenarios", "--seeds", "0..3", "--junit", "r.json", "--json", "./r.json"], in: folder.path)
        #expect(run.status == 2)
        #expect(run.standardError.contains("--junit and --json name the same file ./r.json"))
        #expect(run.standardOutput.isEmpty)
        let shards = try Self.shards(2, seeds: "0..3", in: folder)
        let merge = try ShardedRuns.simulate(["merge"] + shards + ["--json", shards[0]], in: folder.path)
        #expect(merge.status == 2)
        #expect(merge.standardError.contains("--json names s1.json, one of the reports merged"))
        #expect(try folder.read("s1.json").hasPrefix("{\"simulateRunReport\":1,"))
    }

    @Test func refusesACutReportAndAFileThatIsNoReport() throws {
        let folder = try Self.folder()
        let shards = try Self.shards(2, seeds: "0..3", in: folder)
        let text = try folder.read(shards[1])
        let cut = text.split(separator: "\n").dropLast().joined(separator: "\n") + "\n"
        try Data(cut.utf8).write(to: URL(fileURLWithPath: folder.path + "/cut.json"))
        let output = try ShardedRuns.simulate(["merge", shards[0], "cut.json"], in: folder.path)
        #expect(output.status == 2)
        #expect(output.standardError.contains("cut.json: the report has no end line"))
        let scenario = try ShardedRuns.simulate(["merge", "Scenarios/calm.json"], in: folder.path)
        #expect(scenario.status == 2)
        #expect(scenario.standardError.contains("Scenarios/calm.json line 1"))
        let none = try ShardedRuns.simulate(["merge", "absent.json"], in: folder.path)
        #expect(none.status == 2)
        #expect(none.standardError.contains("absent.json"))
    }
}
