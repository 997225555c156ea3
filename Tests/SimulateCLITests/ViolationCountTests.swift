import Foundation
import Testing

/// An invariant lists its first violations (50 or 100, by plugin) and counts the rest in one closing entry;
/// every report gives the whole count, a merged report too.
@Suite struct ViolationCountTests {
    /// Two devices saving the counter with `allKeys` (no conflict check): every pair of allocations collides.
    static let manyDuplicates = """
        {"format": 1, "name": "many duplicates", "duration": "200s", "devices": [{"id": "a"}, {"id": "b"}],
         "plugins": {"counter": {"savePolicy": "allKeys"}},
         "steps": [{"at": "0s", "device": "a", "do": "counter.next", "repeat": {"every": "1s", "count": 100}},
                   {"at": "0.01s", "device": "b", "do": "counter.next", "repeat": {"every": "1s", "count": 100}}],
         "expect": [{"invariant": "counter.unique"}]}
        """

    @Test func everyReportCountsTheViolationsAListLeavesOut() throws {
        let directory = try CommandRunner.temporaryDirectory(["many.json": Self.manyDuplicates])
        let run = try CommandRunner.run(
            ["run", "many.json", "--json", "run.json"], executable: "simulate", in: directory)
        #expect(run.status == 1)
        let report = try String(contentsOf: directory.appendingPathComponent("run.json"), encoding: .utf8)
        let line = try #require(report.split(separator: "\n").first { $0.hasPrefix("{\"file\"") })
        let object = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let expectation = try #require((object["expectations"] as? [[String: Any]])?.first)
        let violations = try #require(expectation["violations"] as? [[String: Any]])
        let count = try #require(expectation["violationCount"] as? Int)
        let omitted = try #require(violations.last?["omitted"] as? Int)
        #expect(violations.count == 51)
        #expect(count == 50 + omitted)
        #expect(count == 100)
        #expect(run.standardOutput.contains("✗ counter.unique: 100 violation(s)\n"))
        #expect(run.standardOutput.contains("    … and 90 more\n"))
        let merged = try CommandRunner.run(["merge", "run.json"], executable: "simulate", in: directory)
        #expect(merged.status == 1)
        #expect(merged.standardOutput.contains("✗ counter.unique: 100 violation(s)\n"))
    }
}
