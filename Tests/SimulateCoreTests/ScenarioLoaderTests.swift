import SimulateCore
import SimulateJSON
import Testing

@Suite struct ScenarioLoaderTests {
    let loader = Probe.loader

    func errors(_ text: String) -> [ScenarioDiagnostic] {
        do {
            _ = try loader.load(text: text, file: "x.json")
            return []
        } catch {
            return error.diagnostics
        }
    }

    @Test func loadsEveryTopLevelField() throws {
        let scenario = try loader.load(
            text: """
                {"$schema": "../schema.json", "x-note": {"anything": [1]}, "format": 1, "name": "all", "description": "d",
                 "seed": 18446744073709551615, "duration": "2m",
                 "devices": [{"id": "phone", "platform": "macOS", "clockSkew": "-250ms"}, {"id": "pad"}],
                 "network": {"latency": {"min": "20ms", "max": "120ms"}, "loss": 0.1, "chunkBytes": {"min": 1, "max": 3}},
                 "faults": [{"at": "1s", "for": "2s", "device": "phone", "kind": "offline",
                             "repeat": {"every": "30s", "count": 3}},
                            {"at": "end", "kind": "latency", "latency": "1s"}],
                 "plugins": {"probe": {"timeout": "2s"}},
                 "steps": [{"at": 0.5, "device": "pad", "do": "probe.request", "repeat": {"every": "10ms", "count": 5}}],
                 "expect": [{"invariant": "probe.holds"}, {"invariant": "probe.fails", "violated": true},
                            {"at": "end", "check": "probe.served", "equals": 5}],
                 "limits": {"events": 1000}}
                """)
        #expect(scenario.name == "all")
        #expect(scenario.seed == UInt64.max)
        #expect(scenario.duration == .seconds(120))
        #expect(scenario.devices[0] == DeviceSpec(id: "phone", platform: .macOS, clockSkew: .milliseconds(-250)))
        #expect(scenario.devices[1].platform == .iOS)
        #expect(scenario.network.latency == LatencyRange(minimum: .milliseconds(20), maximum: .milliseconds(120)))
        #expect(scenario.network.chunkBytes == 1...3)
        #expect(scenario.faults[0].repeat == Repeat(every: .seconds(30), count: 3))
        #expect(scenario.faults[1].at == .end)
        #expect(scenario.steps[0].at == .at(.start + .milliseconds(500)))
        #expect(scenario.steps[0].plugin == "probe" && scenario.steps[0].action == "request")
        #expect(scenario.expectations?.count == 3)
        #expect(scenario.limits.eventBudget == 1000)
    }

    @Test func defaultsApply() throws {
        let scenario = try Probe.scenario("")
        #expect(scenario.seed == 0)
        #expect(scenario.faults.isEmpty && scenario.steps.isEmpty)
        #expect(scenario.expectations == nil)
        #expect(scenario.network.loss == 0)
    }

    @Test func syntaxErrorsGiveLineAndColumn() {
        let found = errors("{\n  \"format\": 1,\n  \"name\": \"x\",,\n}")
        #expect(found.count == 1)
        #expect(found[0].kind == .syntax)
        #expect(found[0].location == SourceLocation(line: 3, column: 15))
    }

    @Test func scenarioErrorsGivePathLineAndColumnForEveryProblem() {
        let found = errors(
            """
            {"format": 1, "name": "x", "duration": "10s",
             "devices": [{"id": "phone"}, {"id": "9bad"}],
             "plugins": {"probe": {}},
             "steps": [{"at": "1s", "device": "tablet", "do": "probe.request"},
                       {"at": "-1s", "do": "probe.nothing"}],
             "colour": "red"}
            """)
        let summary = found.map { "\($0.path) \($0.location?.description ?? "?") \($0.message)" }
        #expect(
            summary == [
                "/devices/1/id 2:38 \"9bad\" is not a valid id (expected [A-Za-z][A-Za-z0-9_-]*)",
                "/steps/0/device 4:35 unknown device \"tablet\" (devices: phone)",
                "/steps/1/at 5:19 durations may not be negative",
                "/steps/1/do 5:32 unknown action \"probe.nothing\" (probe offers: request, open, broadcast, spin)",
                "/colour 6:12 unknown field \"colour\" (known fields: \"description\", \"devices\", \"duration\", \"expect\", \"faultPoints\", \"faults\", \"format\", \"judges\", \"limits\", \"name\", \"network\", \"pinSeed\", \"plugins\", \"seed\", \"steps\", \"strategy\")",
            ])
        #expect(found.allSatisfy { $0.kind == .scenario && $0.file == "x.json" })
    }

    @Test func duplicateKeysAreErrors() {
        let found = errors(
            #"{"format": 1, "name": "x", "name": "y", "duration": "1s", "devices": [{"id": "a"}], "plugins": {"probe": {}}}"#
        )
        #expect(found.map(\.message) == ["duplicate key \"name\""])
        #expect(found.first?.path.description == "/name")
    }

    @Test func missingRequiredFieldsAreReportedAtTheirObject() {
        let found = errors(#"{"format": 1, "devices": [], "plugins": {}}"#)
        #expect(
            Set(found.map(\.message)) == [
                "missing required field \"name\"", "missing required field \"duration\"",
                "a scenario needs at least one device", "enable at least one plugin",
            ])
    }

    @Test func unsupportedFormatIsAnError() {
        let found = errors(
            #"{"format": 2, "name": "x", "duration": "1s", "devices": [{"id": "a"}], "plugins": {"probe": {}}}"#)
        #expect(found.map(\.message) == ["unsupported format 2: this simulate reads format 1"])
    }

    @Test func pluginArgumentsAreCheckedBeforeTheRun() {
        let found = errors(
            """
            {"format": 1, "name": "x", "duration": "1s", "devices": [{"id": "a"}], "plugins": {"probe": {"timeout": true}},
             "steps": [{"at": "0s", "do": "probe.broadcast", "args": {"txt": "hi"}}]}
            """)
        #expect(
            found.map { "\($0.path): \($0.message)" } == [
                "/plugins/probe/timeout: expected a duration (a string such as \"1.5s\" or a number of seconds), found boolean",
                "/steps/0/args: missing required field \"text\"",
                "/steps/0/args/txt: unknown field \"txt\" (known fields: \"text\")",
            ])
    }

    @Test func referencesAndTimesAreResolved() {
        let found = errors(
            """
            {"format": 1, "name": "x", "duration": "10s", "devices": [{"id": "a"}], "plugins": {"probe": {}},
             "faults": [{"at": "11s", "kind": "serverRestart", "plugin": "sse"}, {"at": "1s", "devices": ["a", "b"], "kind": "offline"}],
             "expect": [{"check": "probe.received", "at": "end"}, {"check": "probe.served", "at": "1s", "equals": 1},
                        {"invariant": "sse.backoff"}, {"check": "probe.outcomes", "at": "end", "equals": []}]}
            """)
        #expect(
            found.map { "\($0.path): \($0.message)" } == [
                "/faults/0/at: 11s is after the end of the run (duration 10s)",
                "/faults/0/plugin: plugin \"sse\" is not enabled in plugins",
                "/faults/1/devices/1: unknown device \"b\" (devices: a)",
                "/expect/0: missing required field \"equals\"",
                "/expect/2/invariant: unknown plugin \"sse\" (available: probe)",
                "/expect/3: \"probe.outcomes\" is read per device: add \"device\"",
            ])
    }

    @Test func bothBackendsLoadTheSameScenario() throws {
        let text =
            #"{"format": 1, "name": "x", "duration": "1s", "devices": [{"id": "a"}], "plugins": {"probe": {}}, "seed": 5}"#
        let viaJSONC = try ScenarioLoader(registry: Probe.registry, backend: .jsonC).load(text: text)
        let viaFoundation = try ScenarioLoader(registry: Probe.registry, backend: .foundation).load(text: text)
        #expect(viaJSONC.seed == viaFoundation.seed)
        #expect(viaJSONC.devices == viaFoundation.devices)
    }
}

@Suite struct DuplicateKeyLocationTests {
    @Test func aDuplicateKeyIsReportedWhereItRepeats() {
        let text = """
            {"format": 1,
             "name": "a", "duration": "1s", "devices": [{"id": "phone"}], "plugins": {"probe": {}},
               "name": "b"}
            """
        do {
            _ = try Probe.loader.load(text: text, file: "x.json")
            Issue.record("expected a duplicate key error")
        } catch {
            #expect(error.diagnostics.map(\.description) == [#"x.json:3:4: /name: duplicate key "name""#])
        }
    }
}
