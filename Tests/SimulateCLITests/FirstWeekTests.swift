import Foundation
import Testing

/// What a new user meets first: summaries that count every file, `--version`, names suggested
/// for typos, argument messages that say what is wrong, and unit warnings.
@Suite struct FirstWeekTests {
    @Test func anInvalidFileCountsInTheSummary() throws {
        let folder = try ScenarioFolder(["broken.json": ScenarioFolder.invalid])
        let output = try BuiltSimulate.run(["run", "Scenarios/broken.json"], in: folder.path)
        #expect(output.status == 2)
        #expect(output.standardOutput == "0 passed, 0 failed, 1 invalid\n")
    }

    @Test func aMissingPathNextToAValidFileStillEndsWithASummary() throws {
        let folder = try ScenarioFolder(["calm.json": ScenarioFolder.calm])
        let output = try BuiltSimulate.run(["run", "Scenarios/calm.json", "Scenarios/nope.json"], in: folder.path)
        #expect(output.status == 2)
        #expect(output.standardError.contains("error: Scenarios/nope.json: no such file or directory"))
        #expect(output.standardOutput.hasSuffix("1 passed, 0 failed, 1 invalid\n"))
    }

    @Test func versionIsPrinted() throws {
        let output = try BuiltSimulate.run(["--version"])
        #expect(output.status == 0)
        #expect(output.standardOutput.contains("(scenario format 1)"))
    }

    @Test(arguments: [
        (["--shard", "4/3"], "--shard 4/3: shard 4 does not exist: with 3 shard(s), K runs from 1 to 3"),
        (["--shard", "1-3"], "--shard 1-3: expected K/N"),
        (["--seeds", "0-10"], "--seeds 0-10: write the range with two dots: --seeds 0..10"),
        (["--seeds", "7"], "for one seed use --seed 7"),
    ])
    func argumentMessagesSayWhatIsWrong(arguments: [String], message: String) throws {
        let folder = try ScenarioFolder(["calm.json": ScenarioFolder.calm])
        let output = try BuiltSimulate.run(["run", "Scenarios"] + arguments, in: folder.path)
        #expect(output.status == 2)
        #expect(output.standardError.contains(message))
    }

    static let typos = """
        {"format": 1, "name": "typos", "duration": "10s", "devices": [{"id": "phone"}],
         "plugins": {"counter": {}, "sync": {}},
         "steps": [{"at": "1s", "device": "phon", "do": "counter.nxt"},
                   {"at": "2s", "do": "sync.go"}, {"at": "3s", "do": "sync.go"}, {"at": "4s", "do": "syncs.go"}],
         "expect": [{"invariant": "counter.uniqe"}, {"check": "counter.valu", "at": "end", "equals": 1}]}
        """

    @Test func unknownNamesSuggestTheNearestAndAPluginIsReportedOnce() throws {
        let folder = try ScenarioFolder(["typos.json": Self.typos])
        let output = try BuiltSimulate.run(["validate", "Scenarios/typos.json"], in: folder.path)
        let text = output.standardOutput
        #expect(output.status == 2)
        #expect(text.contains("unknown device \"phon\" (did you mean \"phone\"?"))
        #expect(text.contains("unknown action \"counter.nxt\" (did you mean \"counter.next\"?"))
        #expect(text.contains("unknown invariant \"counter.uniqe\" (did you mean \"counter.unique\"?"))
        #expect(text.contains("unknown observable \"counter.valu\" (did you mean \"counter.value\"?"))
        #expect(text.components(separatedBy: "unknown plugin \"sync\"").count == 2)
        #expect(text.contains("unknown plugin \"syncs\" (did you mean \"sse\"?") == false)
        #expect(text.components(separatedBy: "unknown plugin \"syncs\"").count == 2)
    }

    @Test func aCheckOfTheWrongTypeIsAnErrorWhenTheFileIsRead() throws {
        let folder = try ScenarioFolder([
            "types.json": """
            {"format": 1, "name": "types", "duration": "10s", "devices": [{"id": "phone"}],
             "plugins": {"counter": {}, "sse": {}},
             "expect": [{"check": "counter.value", "at": "end", "equals": "zero"},
                        {"check": "sse.offlineIndicator", "at": "end", "device": "phone", "equals": 0},
                        {"check": "counter.value", "at": "end", "equals": null},
                        {"check": "sse.lastBackoffDelay", "at": "end", "device": "phone", "equals": 1}]}
            """
        ])
        let output = try BuiltSimulate.run(["validate", "Scenarios/types.json"], in: folder.path)
        #expect(output.status == 2)
        #expect(
            output.standardOutput.contains(
                "types.json:3:63: /expect/0/equals: expected an integer (counter.value is an integer), found string"))
        #expect(
            output.standardOutput.contains(
                "types.json:4:89: /expect/1/equals: expected true or false (sse.offlineIndicator is a boolean), found number"
            ))
        #expect(!output.standardOutput.contains("/expect/2/"))
        #expect(!output.standardOutput.contains("/expect/3/"))
    }

    static let units = """
        {"format": 1, "name": "units", "duration": "60s", "devices": [{"id": "phone"}],
         "plugins": {"counter": {}},
         "faults": [{"at": "5s", "for": 3000, "kind": "offline"},
                    {"at": "10s", "for": "2h", "kind": "offline"}]}
        """

    @Test func bareSecondsAndLongFaultsWarnWithoutChangingTheStatus() throws {
        let folder = try ScenarioFolder(["units.json": Self.units])
        let validate = try BuiltSimulate.run(["validate", "Scenarios/units.json"], in: folder.path)
        #expect(validate.status == 0)
        #expect(
            validate.standardOutput.contains(
                "warning: Scenarios/units.json:3:33: /faults/0/for: 3000 is read as seconds (50m), longer than "
                    + "the whole run (duration 60s): did you mean \"3000ms\"?"))
        #expect(validate.standardOutput.contains("/faults/1/for: this fault lasts 2h"))
        let json = try BuiltSimulate.run(["validate", "--format", "json", "Scenarios/units.json"], in: folder.path)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect(object["valid"] as? Bool == true)
        let warnings = try #require(object["warnings"] as? [[String: Any]])
        #expect(warnings.map { $0["path"] as? String } == ["/faults/0/for", "/faults/1/for"])
        #expect(warnings.first?["line"] as? Int == 3)
        let run = try BuiltSimulate.run(["run", "Scenarios/units.json"], in: folder.path)
        #expect(run.status == 0)
        #expect(run.standardError.contains("warning: Scenarios/units.json:3:33: /faults/0/for"))
        let runJSON = try BuiltSimulate.run(["run", "Scenarios/units.json", "--format", "json"], in: folder.path)
        #expect(runJSON.standardOutput.contains("\"warnings\":[{\"kind\":\"scenario\",\"line\":3"))
    }

    @Test func aStepAfterTheEndIsAnError() throws {
        let late = """
            {"format": 1, "name": "late", "duration": "10s", "devices": [{"id": "phone"}],
             "plugins": {"counter": {}}, "steps": [{"at": 3000, "device": "phone", "do": "counter.next"}]}
            """
        let folder = try ScenarioFolder(["late.json": late])
        let output = try BuiltSimulate.run(["validate", "Scenarios/late.json"], in: folder.path)
        #expect(output.status == 2)
        #expect(
            output.standardOutput.contains(
                "/steps/0/at: 3000s is after the end of the run (duration 10s): 3000 is read as seconds; did you mean \"3000ms\"?"
            ))
    }
}
