import Foundation
import SimulateCore
import Testing

@testable import SimulateCLI
@testable import SimulateReports

@Suite struct ReportTests {
    static let xmllint = ["/usr/bin/xmllint", "/opt/homebrew/bin/xmllint", "/usr/local/bin/xmllint"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    static var schemaPath: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/junit.xsd").path
    }

    private func runAll(_ folder: ScenarioFolder, _ extra: [String] = []) throws -> BuiltSimulate.Output {
        try BuiltSimulate.run(
            [
                "run", "Scenarios", "--seeds", "0..2", "--junit", "out/j.xml", "--trace", "out/t.json", "--html",
                "out/r.html",
            ]
                + extra, in: folder.path)
    }

    @Test(.enabled(if: xmllint != nil, "xmllint is not installed (Debian: apt-get install libxml2-utils)"))
    func junitValidatesAgainstTheReportersSchema() throws {
        var files = ScenarioFolder.standard
        files["invalid.json"] = ScenarioFolder.invalid
        let folder = try ScenarioFolder(files)
        let output = try runAll(folder)
        #expect(output.status == 2)
        let lint = Process()
        lint.executableURL = URL(fileURLWithPath: try #require(Self.xmllint))
        lint.arguments = ["--noout", "--schema", Self.schemaPath, folder.path + "/out/j.xml"]
        let errors = Pipe()
        lint.standardError = errors
        try lint.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        lint.waitUntilExit()
        #expect(lint.terminationStatus == 0, "\(message)")
    }

    @Test func junitHasACasePerScenarioAndSeedWithReplayCommands() throws {
        var files = ScenarioFolder.standard
        files["invalid.json"] = ScenarioFolder.invalid
        let folder = try ScenarioFolder(files)
        _ = try runAll(folder)
        let xml = try folder.read("out/j.xml")
        #expect(xml.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"#))
        #expect(xml.contains(#"<testsuites name="simulate" tests="7" failures="3" errors="1">"#))
        #expect(xml.contains(#"<testcase name="counter calm [seed 2]" classname="Scenarios.calm""#))
        #expect(xml.contains(#"name="counter wrong &lt;check&gt; [seed 1]""#))
        #expect(xml.contains("replay: simulate run Scenarios/wrong.json --seed 1</failure>"))
        #expect(xml.contains(#"<error message="Scenarios/invalid.json:"#))
        #expect(!xml.contains("time="))
    }

    @Test func reportsAreByteIdenticalAcrossRuns() throws {
        let folder = try ScenarioFolder()
        _ = try runAll(folder, ["--jobs", "1"])
        let first = try ["j.xml", "t.json", "r.html"].map { try folder.read("out/" + $0) }
        _ = try runAll(folder, ["--jobs", "3"])
        let second = try ["j.xml", "t.json", "r.html"].map { try folder.read("out/" + $0) }
        #expect(first == second)
    }

    @Test func traceIsTraceEventFormatWithATrackPerDeviceAndServer() throws {
        let folder = try ScenarioFolder()
        _ = try runAll(folder)
        let data = try #require(try folder.read("out/t.json").data(using: .utf8))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let events = try #require(root["traceEvents"] as? [[String: Any]])
        let processes = events.filter { $0["name"] as? String == "process_name" }.compactMap {
            ($0["args"] as? [String: Any])?["name"] as? String
        }
        // One process per run, its tracks' lanes as threads.
        #expect(processes.contains("PASS counter calm (seed 0) — Scenarios/calm.json"))
        #expect(processes.contains("FAIL counter wrong <check> (seed 2) — Scenarios/wrong.json"))
        #expect(Set(events.compactMap { $0["pid"] as? Int }).count == processes.count)
        let threads = events.filter { $0["name"] as? String == "thread_name" }.compactMap {
            ($0["args"] as? [String: Any])?["name"] as? String
        }
        #expect(threads.contains("phone · counter"))
        #expect(threads.contains { $0.hasPrefix("server:") })
        #expect(events.contains { $0["ph"] as? String == "X" && $0["cat"] as? String == "fault" })
        for event in events where event["ph"] as? String != "M" {
            #expect(event["ts"] is Double || event["ts"] is Int)
        }
    }

    @Test func htmlDrawsFailuresFirstWithLegendAndReplay() throws {
        let folder = try ScenarioFolder()
        _ = try runAll(folder)
        let html = try folder.read("out/r.html")
        let firstFail = try #require(html.range(of: "<section class=\"run failed\""))
        let firstPass = try #require(html.range(of: "<section class=\"run\" "))
        #expect(firstFail.lowerBound < firstPass.lowerBound)
        #expect(html.contains("<div class=\"legend\">"))
        #expect(html.contains("<svg class=\"timeline\""))
        #expect(html.contains("simulate run Scenarios/wrong.json --seed 0"))
        #expect(!html.contains("<script"))
    }

    @Test func timelinePairsSpansAndGivesOverlapsTheirOwnLanes() {
        let result = ProbeRuns.run([
            ProbeRuns.step(1, "phone", "begin", "connection", "connected"),
            ProbeRuns.step(2, "phone", "begin", "fault", "fault.offline"),
            ProbeRuns.step(3, "phone", "end", "connection", "connected"),
            ProbeRuns.step(3, "phone", "begin", "fault", "fault.partition"),
            ProbeRuns.step(4, "phone", "end", "fault", "fault.offline"),
            ProbeRuns.step(5, "phone", "mark", "widget", "spin"),
            ProbeRuns.step(6, nil, "begin", "sync", "export"),
        ])
        let timeline = Timeline(records: result.trace, devices: ["phone", "mac"], end: .start + .seconds(10))
        #expect(timeline.tracks.map(\.name) == ["phone", "mac", "server:probe"])
        let phone = timeline.tracks[0]
        #expect(phone.lanes.map(\.label) == ["connection", "fault", "fault 2", "widget"])
        #expect(phone.lanes[0].spans.map(\.end) == [.start + .seconds(3)])
        #expect(phone.lanes[2].spans.first?.name == "fault.partition")
        #expect(phone.lanes[2].spans.first?.open == true)
        #expect(phone.lanes[3].marks.map(\.name) == ["spin"])
        #expect(timeline.tracks[2].lanes.first?.spans.first?.open == true)
    }

    @Test func traceEventsNestCleanlyPerLane() throws {
        let result = ProbeRuns.run([
            ProbeRuns.step(1, "phone", "begin", "fault", "a"), ProbeRuns.step(2, "phone", "begin", "fault", "b"),
            ProbeRuns.step(3, "phone", "end", "fault", "a"), ProbeRuns.step(4, "phone", "end", "fault", "b"),
            ProbeRuns.step(5, "mac", "alarm"),
        ])
        let text = TimelineReport.text([TimelineRun(result: result, devices: ["phone", "mac"])])
        #expect(text.contains(#"{"name":"a","cat":"fault","ph":"X","ts":1000000.0,"dur":2000000.0,"pid":1,"tid":1"#))
        #expect(text.contains(#"{"name":"b","cat":"fault","ph":"X","ts":2000000.0,"dur":2000000.0,"pid":1,"tid":2"#))
        #expect(
            text.contains(
                #""name":"probe.quiet: alarm \"raised\"","cat":"violation","ph":"i","ts":5000000.0,"pid":1,"tid":3"#))
        #expect(text.contains(#""tid":3,"args":{"name":"mac"}"#))
    }

    @Test func junitEscapesAndClassifies() {
        var report = JUnitReport()
        report.add(ProbeRuns.run([ProbeRuns.step(1, "phone", "alarm")], file: "./Scenarios/a b.json", seed: 4))
        let xml = report.text
        #expect(xml.contains(#"classname="Scenarios.a b""#))
        #expect(xml.contains(#"<failure message="1 expectation(s) not met: probe.quiet" type="probe.quiet">"#))
        #expect(xml.contains("alarm &quot;raised&quot;"))
        #expect(xml.contains("replay: simulate run './Scenarios/a b.json' --seed 4"))
        #expect(MarkupEscaping.escape("a\u{1}b<'>") == "a\u{FFFD}b&lt;'&gt;")
    }

    @Test func htmlMarksAndTinySpansMergeOnAPixel() {
        let steps = (0..<500).map { ProbeRuns.step(1 + Double($0) / 1e6, "phone", "mark", "post", "POST") }
        let run = TimelineRun(result: ProbeRuns.run(steps), devices: ["phone", "mac"])
        let svg = TimelineDrawing(run: run).svg
        #expect(svg.contains("500 events from 1.000s: POST"))
        #expect(svg.components(separatedBy: "<path").count < 10)
    }

    @Test func timelineCollectorKeepsFailuresFirst() {
        var collector = TimelineCollector(limit: 2)
        let pass = ProbeRuns.run([])
        let fail = ProbeRuns.run([ProbeRuns.step(1, "phone", "alarm")])
        for result in [pass, pass, fail, pass, fail, fail] {
            collector.add(TimelineRun(result: result, devices: []))
        }
        #expect(collector.runs.map(\.result.passed) == [false, false])
        #expect(collector.skipped == 4)
    }
}
