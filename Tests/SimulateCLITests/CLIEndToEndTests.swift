import Foundation
import SimulateJSON
import Testing

/// The command line end to end, through the built binaries. Scenarios use the heartbeat plugin of
/// the custom-simulate example, which also proves that example builds and runs.
@Suite struct CLIEndToEndTests {
    static func heartbeat(
        name: String = "beat", seed: Int = 0, expect: String = #"[{"invariant": "heartbeat.delivered"}]"#
    )
        -> String
    {
        """
        {"format": 1, "name": "\(name)", "seed": \(seed), "duration": "10s",
         "devices": [{"id": "phone"}], "network": {"latency": {"min": "10ms", "max": "90ms"}},
         "plugins": {"heartbeat": {}}, "expect": \(expect)}
        """
    }

    @Test func theBundledExampleRunsAndPasses() throws {
        let output = try CommandRunner.run(["run", "Examples/CustomSimulate/heartbeat.json"])
        #expect(output.status == 0)
        #expect(output.lines.first?.hasPrefix("PASS Examples/CustomSimulate/heartbeat.json") == true)
        #expect(output.lines.last == "1 passed, 0 failed")
    }

    @Test func exitStatusIsOneWhenAnExpectationFails() throws {
        let directory = try CommandRunner.temporaryDirectory([
            "failing.json": Self.heartbeat(expect: #"[{"check": "heartbeat.received", "at": "end", "equals": -1}]"#)
        ])
        let output = try CommandRunner.run(["run", "failing.json"], in: directory)
        #expect(output.status == 1)
        #expect(output.standardOutput.contains("✗ heartbeat.received at end: expected -1, observed 10"))
        // A command line built with SimulateMain.run(extraPlugins:) names itself: the stock one lacks its plugins.
        #expect(output.standardOutput.contains("replay: custom-simulate run failing.json --seed 0"))
        // Named as the test helpers name it, to run as printed where it is not on the PATH.
        let named = try CommandRunner.run(
            ["run", "failing.json"], in: directory,
            environment: ["SIMULATE_REPLAY_PROGRAM": "swift run custom-simulate"])
        #expect(named.standardOutput.contains("replay: swift run custom-simulate run failing.json --seed 0"))
        // The stock command line runs the built-in plugins alone: it names itself whatever the variable says.
        let builtIn = try CommandRunner.temporaryDirectory([
            "indicator.json": """
            {"format": 1, "name": "indicator at once", "duration": "10s", "devices": [{"id": "phone"}],
             "plugins": {"sse": {"offlineIndicatorDelay": "0s"}},
             "faults": [{"at": "5s", "for": "0.5s", "device": "phone", "kind": "offline"}],
             "expect": [{"check": "sse.offlineIndicator", "at": "5.2s", "device": "phone", "equals": false}]}
            """
        ])
        let stock = try CommandRunner.run(
            ["run", "indicator.json"], executable: "simulate", in: builtIn,
            environment: ["SIMULATE_REPLAY_PROGRAM": "swift run custom-simulate"])
        #expect(stock.status == 1)
        #expect(stock.standardOutput.contains("replay: simulate run indicator.json --seed 0"))
    }

    @Test func aShrunkScenarioOfYourPluginsPrintsATestThatPassesThem() throws {
        let directory = try CommandRunner.temporaryDirectory([
            "failing.json": Self.heartbeat(expect: #"[{"check": "heartbeat.received", "at": "end", "equals": -1}]"#)
        ])
        let output = try CommandRunner.run(["shrink", "failing.json", "--output", "small.json"], in: directory)
        #expect(output.status == 0)
        #expect(
            output.standardOutput.contains(
                #"ScenarioExpectations.check(file: "small.json", plugins: [HeartbeatPlugin()])"#))
        // The module that declares the plugin is imported (here the example's executable module).
        #expect(output.standardOutput.contains("    import custom_simulate\n    import SimulateTesting\n"))
        // A team's own build names itself in its usage lines.
        let help = try CommandRunner.run(["--help"], in: directory)
        #expect(help.standardOutput.contains("USAGE: custom-simulate <subcommand>"))
    }

    @Test(arguments: [
        ("syntax.json", "{\"format\": 1,,}", "syntax.json:1:14: "),
        (
            "scenario.json",
            "{\"format\": 1, \"name\": \"x\", \"duration\": \"1s\",\n \"devices\": [{\"id\": \"-\"}], \"plugins\": {\"heartbeat\": {}}}",
            "scenario.json:2:21: /devices/0/id: "
        ),
    ])
    func exitStatusIsTwoForAnInvalidScenario(file: String, contents: String, prefix: String) throws {
        let directory = try CommandRunner.temporaryDirectory([file: contents])
        let output = try CommandRunner.run(["run", file], in: directory)
        #expect(output.status == 2)
        #expect(output.standardError.contains("error: " + prefix))
    }

    /// A seed or a count written negative or as a number of another form is refused with the form expected,
    /// not read as a missing value.
    @Test(arguments: [
        (["run", "x.json", "--seed", "-3"], "'-3' is invalid for '--seed <seed>': expected a whole number from 0 to "),
        (["explore", "x.json", "--seed", "1e9"], "'1e9' is invalid for '--seed <seed>': expected a whole number"),
        (["shrink", "x.json", "--max-runs", "-5"], "--max-runs must be at least 1"),
        (["shrink", "x.json", "--nearby-seeds", "-1"], "--nearby-seeds must be 0 or more"),
        (["run", "x.json", "--event-budget", "0"], "--event-budget: expected a whole number of events from 1 to "),
        (
            ["explore", "x.json", "--event-budget", "99999999999999999999"],
            "--event-budget: expected a whole number of events from 1 to 9223372036854775807, "
                + "found \"99999999999999999999\""
        ),
    ])
    func negativeValuesAreJudgedAsValues(arguments: [String], message: String) throws {
        let output = try CommandRunner.run(arguments)
        #expect(output.status == 2)
        #expect(output.standardError.contains(message))
        #expect(!output.standardError.contains("Missing value"))
    }

    @Test(arguments: [
        ["run", "--seeds", "5..1", "x.json"], ["run", "--shard", "3/2", "x.json"], ["run", "missing.json"],
        ["run", "--seeds", "0..18446744073709551615", "x.json"], ["run", "--seeds", "7..1000000007", "x.json"],
        ["frobnicate"],
    ])
    func exitStatusIsTwoForBadArguments(arguments: [String]) throws {
        let output = try CommandRunner.run(arguments)
        #expect(output.status == 2)
    }

    @Test func exitStatusIsThreeWhenTheEventBudgetRunsOut() throws {
        let output = try CommandRunner.run(["run", "--event-budget", "20", "Examples/CustomSimulate/heartbeat.json"])
        #expect(output.status == 3)
        #expect(output.standardOutput.contains("run broke: event budget of 20 events exhausted"))
    }

    /// A budget spent by something that repeats names it: the trace records the run wrote last, counted.
    @Test func theEventBudgetsMessageNamesWhatRepeated() throws {
        let scenario = """
            {"format": 1, "name": "offline for a long time", "duration": "1000h", "devices": [{"id": "phone"}],
             "faults": [{"at": "1s", "for": "999h", "device": "phone", "kind": "offline"}],
             "plugins": {"sse": {}}, "limits": {"events": 3000}}
            """
        let directory = try CommandRunner.temporaryDirectory(["loop.json": scenario])
        for arguments in [["run", "loop.json"], ["run", "loop.json", "--seeds", "0..1", "--quiet"]] {
            let output = try CommandRunner.run(arguments, in: directory)
            #expect(output.status == 3)
            #expect(output.standardOutput.contains("the last 256 trace records ("))
            #expect(output.standardOutput.contains("): 256 × phone backoff wait"))
        }
    }

    /// A plugin's own package has docs/*.md and may have no README.md: `docs --write` writes them.
    @Test func docsWithoutAReadmeWritesTheDocsFolder() throws {
        let directory = try CommandRunner.temporaryDirectory([
            "docs/heartbeat.md": "# heartbeat\n<!-- generated: heartbeat actions -->\n<!-- end generated -->\n"
        ])
        let output = try CommandRunner.run(["docs", "--write"], in: directory)
        #expect(output.status == 0, "\(output.standardError)")
        #expect(output.standardOutput.contains("wrote docs/heartbeat.md"))
        let written = try String(contentsOf: directory.appendingPathComponent("docs/heartbeat.md"), encoding: .utf8)
        #expect(written.contains("| `stop` |"))
    }

    /// A liveness phase that no enabled plugin checks is valid, and says it checks nothing.
    @Test func aLivenessPhaseNoPluginChecksWarns() throws {
        let directory = try CommandRunner.temporaryDirectory([
            "live.json": """
            {"format": 1, "name": "live", "duration": "10s", "devices": [{"id": "phone"}],
             "plugins": {"heartbeat": {}}, "faults": {"list": [], "liveness": {"after": "2s", "within": "5s"}}}
            """
        ])
        let output = try CommandRunner.run(["run", "live.json"], in: directory)
        #expect(output.status == 0)
        #expect(
            output.standardError.contains(
                "warning: live.json:2:67: /faults/liveness: no enabled plugin states a liveness check"))
    }

    @Test func jsonOutputHasTheContractShape() throws {
        let output = try CommandRunner.run([
            "run", "--format", "json", "--seeds", "3..4", "Examples/CustomSimulate/heartbeat.json",
        ])
        #expect(output.status == 0)
        let runs = try output.lines.map { try JSONParser.parse($0).root }
        #expect(runs.count == 2)
        for (run, seed) in zip(runs, [3, 4]) {
            #expect(run["seed"] == JSON(seed))
            #expect(run["file"] == "Examples/CustomSimulate/heartbeat.json")
            #expect(run["scenario"] == "heartbeats through a lossy minute")
            #expect(run["passed"] == true)
            #expect(run["traceHash"]?.stringValue?.count == 16)
            #expect((run["events"]?.intValue ?? 0) > 0)
            #expect(run["simulatedSeconds"] == 60)
            #expect(run["observed"]?["heartbeat.received@5.5s"] == 12)
            let expectation = run["expectations"]?[0]
            #expect(expectation?["name"] == "heartbeat.delivered")
            #expect(expectation?["kind"] == "invariant")
            #expect(expectation?["expectedViolated"] == true)
            #expect(expectation?["passed"] == true)
            #expect(expectation?["violations"]?.arrayValue?.isEmpty == false)
        }
    }

    @Test func directoriesRunRecursivelyInPathOrder() throws {
        let directory = try CommandRunner.temporaryDirectory([
            "suite/b.json": Self.heartbeat(name: "b"), "suite/a.json": Self.heartbeat(name: "a"),
            "suite/nested/c.json": Self.heartbeat(name: "c"), "suite/notes.txt": "not a scenario",
        ])
        let output = try CommandRunner.run(["run", "--format", "json", "suite"], in: directory)
        #expect(output.status == 0)
        let files = try output.lines.map { try JSONParser.parse($0).root["file"]?.stringValue ?? "" }
        #expect(files == ["suite/a.json", "suite/b.json", "suite/nested/c.json"])
    }

    @Test func shardsCoverEveryFileAndSeedExactlyOnce() throws {
        let directory = try CommandRunner.temporaryDirectory([
            "s/a.json": Self.heartbeat(name: "a"), "s/b.json": Self.heartbeat(name: "b"),
            "s/c.json": Self.heartbeat(name: "c"),
        ])
        var seen: [String] = []
        for shard in 1...4 {
            let output = try CommandRunner.run(
                ["run", "--format", "json", "--seeds", "0..4", "--shard", "\(shard)/4", "s"], in: directory)
            #expect(output.status == 0)
            for line in output.lines {
                let run = try JSONParser.parse(line).root
                seen.append("\(run["file"]?.stringValue ?? "")#\(run["seed"]?.intValue ?? -1)")
            }
        }
        let expected = ["a", "b", "c"].flatMap { name in (0...4).map { "s/\(name).json#\($0)" } }
        #expect(seen.sorted() == expected.sorted())
    }

    @Test func theSameSeedGivesTheSameTraceHashAcrossProcesses() throws {
        let first = try CommandRunner.run([
            "run", "--format", "json", "--seed", "42", "Examples/CustomSimulate/heartbeat.json",
        ])
        let second = try CommandRunner.run([
            "run", "--format", "json", "--jobs", "1", "--seed", "42", "Examples/CustomSimulate/heartbeat.json",
        ])
        let hash = { (output: CommandRunner.Output) in try JSONParser.parse(output.lines[0]).root["traceHash"] }
        #expect(try hash(first) == hash(second))
    }

    @Test func validateReportsJSONLinesPerFile() throws {
        let directory = try CommandRunner.temporaryDirectory([
            "good.json": Self.heartbeat(),
            "bad.json":
                "{\"format\": 1, \"name\": \"x\", \"duration\": \"-1s\", \"devices\": [{\"id\": \"a\"}], \"plugins\": {\"heartbeat\": {\"interval\": 3, \"rate\": 1}}}",
        ])
        let output = try CommandRunner.run(["validate", "--format", "json", "good.json", "bad.json"], in: directory)
        #expect(output.status == 2)
        let lines = try output.lines.map { try JSONParser.parse($0).root }
        #expect(lines[0] == ["file": "good.json", "valid": true, "errors": [], "warnings": []])
        #expect(lines[1]["valid"] == false)
        let errors = lines[1]["errors"]?.arrayValue ?? []
        #expect(errors.map { $0["path"] } == ["/duration", "/plugins/heartbeat/rate"])
        #expect(errors.allSatisfy { $0["kind"] == "scenario" && $0["line"] == 1 && $0["column"]?.intValue != nil })
    }

    @Test func listAndExplainDocumentPlugins() throws {
        let list = try CommandRunner.run(["list"])
        #expect(list.status == 0)
        #expect(list.standardOutput.contains("heartbeat.delivered"))
        let explain = try CommandRunner.run(["explain", "heartbeat.received"])
        #expect(explain.status == 0)
        #expect(explain.standardOutput.contains("server-wide"))
        // An action says whether its step names a device; a component setting names its built-in choices.
        let stop = try CommandRunner.run(["explain", "heartbeat.stop"])
        #expect(stop.standardOutput.contains("step: \"device\" required (it runs on a device)"))
        let serverMode = try CommandRunner.run(["explain", "sse.serverMode"])
        #expect(serverMode.standardOutput.contains("step: no \"device\" (it acts on the server)"))
        let counter = try CommandRunner.run(["explain", "counter"])
        #expect(counter.standardOutput.contains("[built in: reference, localMaxPlusOne; others registered from Swift]"))
        let unknown = try CommandRunner.run(["explain", "nothing.here"])
        #expect(unknown.status == 2)
        let misspelt = try CommandRunner.run(["explain", "intent"])
        #expect(misspelt.status == 2)
        #expect(
            misspelt.standardError.contains("unknown plugin or topic \"intent\" (did you mean \"intents\"? plugins: "))
        let topic = try CommandRunner.run(["explain", "swram"])
        #expect(topic.status == 2)
        #expect(topic.standardError.contains("(did you mean \"swarm\"? plugins: "))
        #expect(topic.standardError.contains("topics: swarm, shrink, strategy)"))
        let entry = try CommandRunner.run(["explain", "sse.bakoff"])
        #expect(entry.status == 2)
        #expect(
            entry.standardError
                == "error: sse has no action, invariant or observable named \"bakoff\" (did you mean \"sse.backoff\"? "
                + "simulate explain sse lists them)\n")
    }
}
