import Foundation
import SimulateCore
import Testing

@testable import SimulateCLI
@testable import SimulateReports

/// Reports a reader can use: statistics under every run, backoffs drawn as backoffs, rounded
/// times, and violations on the track they belong to.
@Suite struct ReadableReportsTests {
    @Test func htmlShowsEachPluginsStatisticsUnderEveryRun() throws {
        let folder = try ScenarioFolder()
        _ = try BuiltSimulate.run(["run", "Scenarios", "--seeds", "0..1", "--html", "r.html"], in: folder.path)
        let html = try folder.read("r.html")
        #expect(html.components(separatedBy: "<ul class=\"statistics\">\n<li><b>counter</b>").count - 1 == 4)
        #expect(html.contains(": allocations 6 · "))
    }

    @Test func aBackoffAfterANetworkFailureIsABackoffNotARateLimit() throws {
        let root = CommandRunner.repositoryRoot.path
        let trace = TemporaryFolders.path("simulate-backoff-", suffix: ".json")
        _ = try BuiltSimulate.run(
            ["run", "Scenarios/counter/lost-responses.json", "--trace", trace], in: root)
        let data = try Data(contentsOf: URL(fileURLWithPath: trace))
        let root2 = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let events = try #require(root2["traceEvents"] as? [[String: Any]])
        let waits = events.filter { ($0["args"] as? [String: Any])?["detail"] as? String == "networkFailure wait" }
        #expect(!waits.isEmpty)
        #expect(waits.allSatisfy { $0["cat"] as? String == "backoff" })
    }

    @Test(
        arguments: [
            (147_500_000, "147.5 ms"), (18_068_000_123, "18.068 s"), (20_000_000, "20 ms"), (3_250, "3.3 µs"),
            (250, "250 ns"), (125_250_000_000, "125.3 s"), (-1_500_000, "-1.5 ms"), (1_000_000_000, "1 s"),
        ] as [(Int64, String)])
    func timesAreRoundedForReaders(nanoseconds: Int64, text: String) {
        #expect(DurationFormat.readable(nanoseconds) == text)
    }

    @Test func serverWideViolationsGoOnTheirPluginsServer() {
        let tracks = ["phone", "mac", "server:sse", "server:cloudkit", "network"]
        let serverWide = Violation(at: .start, device: nil, message: "x")
        #expect(TimelineReport.violationTrack("sse.serverIds", serverWide, tracks: tracks) == "server:sse")
        #expect(
            TimelineReport.violationTrack("counter.unique", serverWide, tracks: ["phone", "server:cloudkit"])
                == "server:cloudkit")
        let onDevice = Violation(at: .start, device: "mac", message: "x")
        #expect(TimelineReport.violationTrack("sse.backoff", onDevice, tracks: tracks) == "mac")
    }
}
