import Foundation
import SimulateReports
import Testing

@testable import SimulateCLI

@Suite struct SweepTests {
    @Test func outputOrderDoesNotDependOnJobs() throws {
        let folder = try ScenarioFolder()
        let one = try BuiltSimulate.run(["run", "Scenarios", "--seeds", "0..299", "--jobs", "1"], in: folder.path)
        let many = try BuiltSimulate.run(["run", "Scenarios", "--seeds", "0..299", "--jobs", "4"], in: folder.path)
        #expect(one.standardOutput == many.standardOutput)
        #expect(one.standardOutput.hasSuffix("300 passed, 300 failed\n"))
        #expect(one.status == 1)
    }

    @Test func failingSeedsAreSummarisedWithReplayCommands() throws {
        let folder = try ScenarioFolder()
        let output = try BuiltSimulate.run(["run", "Scenarios", "--seeds", "10..14"], in: folder.path)
        let lines = output.standardOutput.split(separator: "\n").map(String.init)
        let summary = try #require(lines.firstIndex(of: "Failing seeds (5 of 10 runs):"))
        #expect(lines[summary + 1] == "  Scenarios/wrong.json: 10-14")
        #expect(lines[summary + 2] == "Replay:")
        #expect(lines[summary + 3] == "  simulate run Scenarios/wrong.json --seed 10")
        #expect(lines.last == "5 passed, 5 failed")
    }

    @Test func noProgressBarWhenStandardErrorIsNotATerminal() throws {
        let folder = try ScenarioFolder(["calm.json": ScenarioFolder.calm])
        let output = try BuiltSimulate.run(["run", "Scenarios", "--seeds", "0..499"], in: folder.path)
        #expect(output.standardError.isEmpty)
        #expect(output.status == 0)
    }

    @Test func shardsSplitTheRunsWithoutOverlap() throws {
        let folder = try ScenarioFolder()
        var seen: [String] = []
        for shard in 1...3 {
            let output = try BuiltSimulate.run(
                ["run", "Scenarios", "--seeds", "0..6", "--shard", "\(shard)/3", "--format", "json"], in: folder.path)
            seen += output.standardOutput.split(separator: "\n").map { line in
                let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                return "\(object?["file"] ?? "")#\(object?["seed"] ?? "")"
            }
        }
        #expect(seen.count == 14)
        #expect(Set(seen).count == 14)
    }

    /// A quiet sweep skips the trace hash of runs that pass and runs each failure again with it: it prints
    /// what a sweep that lists every run (and hashes each) prints, but for the passing runs' lines.
    @Test func aQuietSweepPrintsTheFailuresAsAFullListingDoes() throws {
        let folder = try ScenarioFolder(["lossy.json": Self.lossyContention])
        let quiet = try BuiltSimulate.run(["run", "Scenarios", "--seeds", "0..15"], in: folder.path)
        let listed = try BuiltSimulate.run(["run", "Scenarios", "--seeds", "0..15", "--no-quiet"], in: folder.path)
        let lines = quiet.standardOutput.split(separator: "\n")
        let failures = lines.filter { $0.hasPrefix("FAIL") }
        #expect(failures.count >= 5 && failures.count <= 11)
        #expect(lines.last == "\(16 - failures.count) passed, \(failures.count) failed")
        #expect(failures.allSatisfy { $0.contains(" trace ") && !$0.hasSuffix(" trace ") })
        #expect(listed.standardOutput.split(separator: "\n").filter { !$0.hasPrefix("PASS") } == lines)
        #expect(quiet.status == 1 && listed.status == 1)
    }

    /// Two devices allocating 40 ids each with two attempts over a link that loses one message in 500:
    /// some seeds lose an allocation (11 of seeds 0..15), the others pass.
    static let lossyContention = """
        {"format": 1, "name": "counter lossy contention", "duration": "60s",
         "devices": [{"id": "d01"}, {"id": "d02"}],
         "network": {"latency": {"min": "20ms", "max": "120ms"}, "loss": 0.002},
         "plugins": {"counter": {"maxAttempts": 2}},
         "steps": [{"at": "0ms", "device": "d01", "do": "counter.next", "repeat": {"every": "1s", "count": 40}},
                   {"at": "10ms", "device": "d02", "do": "counter.next", "repeat": {"every": "1s", "count": 40}}],
         "expect": [{"invariant": "counter.unique"}, {"at": "end", "check": "counter.value", "equals": 80}]}
        """

    @Test func seedRangesAreCompact() {
        #expect(SweepSummary.ranges([1, 2, 3, 7, 9, 10]) == "1-3, 7, 9-10")
        #expect(SweepSummary.ranges([]) == "")
    }
}
