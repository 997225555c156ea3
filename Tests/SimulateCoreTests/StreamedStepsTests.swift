import SimulateCore
import SimulateJSON
import Testing

/// The loader reads `steps` one element at a time and keeps each step compact; these check that what it keeps,
/// and what it reports, is what decoding the whole tree gives.
@Suite struct StreamedStepsTests {
    static let members = #"""
        "steps": [
          {"at": 0.5, "device": "phone", "do": "probe.request", "repeat": {"every": "10ms", "count": 5}},
          {"at": "end", "do": "probe.broadcast", "args": {"text": "tab\t \u00e9 \uD836\uDC00"}},
          {"at": "2s", "device": "pad", "do": "probe.broadcast", "args": {"text": "e\u0301"}},
          {"at": "3s", "device": "phone", "do": "probe.broadcast", "args": {"text": "\u00e9"}}
        ]
        """#

    static func text(_ members: String) -> String {
        """
        {"format": 1, "name": "probe", "duration": "60s", "devices": [{"id": "phone"}, {"id": "pad"}],
         "plugins": {"probe": {}}, \(members)}
        """
    }

    /// The steps decoded from the whole tree, as the loader did before it streamed them.
    static func treeSteps(_ text: String, backend: JSONBackend) throws -> [StepSpec] {
        let loader = ScenarioLoader(registry: Probe.loader.registry, backend: backend)
        return Array(try loader.loadWholeTree(bytes: Array(text.utf8)).steps)
    }

    /// The errors of a streamed load, which must be those of a whole-tree load.
    static func errors(_ text: String) -> [String] {
        let streamed = errors(text, wholeTree: false)
        #expect(streamed == errors(text, wholeTree: true))
        return streamed
    }

    static func errors(_ text: String, wholeTree: Bool) -> [String] {
        do {
            if wholeTree {
                _ = try Probe.loader.loadWholeTree(bytes: Array(text.utf8), file: "x.json")
            } else {
                _ = try Probe.loader.load(text: text, file: "x.json")
            }
            return []
        } catch {
            return error.diagnostics.map { item in
                let place = item.location.map { "\($0.line):\($0.column)" } ?? "-"
                return "\(place) \(item.path) \(item.message)"
            }
        }
    }

    @Test(arguments: [JSONBackend.jsonC, .foundation, .reference])
    func streamedStepsAreTheTreesSteps(backend: JSONBackend) throws {
        let text = Self.text(Self.members)
        let loader = ScenarioLoader(registry: Probe.loader.registry, backend: backend)
        let steps = try loader.load(text: text).steps
        #expect(Array(steps) == (try Self.treeSteps(text, backend: backend)))
        #expect(steps.count == 4)
        #expect(steps[1].at == .end && steps[1].device == nil && steps[1].repeat == nil)
        #expect(steps[1].args["text"] == "tab\t \u{e9} \u{1D800}")
        #expect(steps[2].args["text"]?.stringValue?.unicodeScalars.count == 2)
        #expect(steps[3].args["text"]?.stringValue?.unicodeScalars.count == 1)
        #expect(steps[3].path == .root / "steps" / 3)
    }

    @Test func aStepWithErrorsIsLeftOutAndTheOthersKeepTheirPaths() throws {
        let text = Self.text(
            #""x-a": 1, "steps": [{"at": "1s", "do": "probe.request"}, 7, {"at": "2s", "do": "probe.request"}]"#)
        #expect(Self.errors(text).count == 1)
        let members = #""steps": [{"at": "1s", "do": "probe.request"}, {"at": "2s", "do": "probe.request"}]"#
        let steps = try Probe.loader.load(text: Self.text(members)).steps
        let expected: [JSONPath] = [JSONPath.root / "steps" / 0, JSONPath.root / "steps" / 1]
        #expect(steps.map(\.path) == expected)
    }

    @Test func errorsInsideStepsKeepTheirPlacesAndOrder() {
        let text = Self.text(
            """
            "steps": [
              {"at": "1s", "do": "probe.request", "args": {"a": 1, "a": 2}},
              {"at": "1s", "do": "probe.nothing"},
              {"at": "soon", "do": "probe.request"}
            ], "name": "again"
            """)
        #expect(
            Self.errors(text) == [
                #"3:53 /steps/0/args/a unknown field "a""#,
                #"3:56 /steps/0/args/a duplicate key "a""#,
                #"4:22 /steps/1/do unknown action "probe.nothing" (probe offers: request, open, broadcast, spin)"#,
                #"5:10 /steps/2/at expected a duration such as "1.5s", "250ms" or a number of seconds, found "soon""#,
                #"6:4 /name duplicate key "name""#,
            ])
    }

    @Test func aNumberOutOfRangeInAStepIsTheFirstSyntaxErrorInTextOrder() {
        let inSteps = Self.errors(Self.text(#""steps": [{"at": 1e999, "do": "probe.request"}], "x-b": -1e999"#))
        #expect(inSteps == ["2:45  number 1e999 is outside the range of a 64-bit floating-point value"])
        let before = Self.errors(Self.text(#""x-b": -1e999, "steps": [{"at": 1e999, "do": "probe.request"}]"#))
        #expect(before == ["2:35  number -1e999 is outside the range of a 64-bit floating-point value"])
    }

    @Test func theDocumentStillAnswersForTheWholeTree() throws {
        let scenario = try Probe.loader.load(text: Self.text(Self.members))
        #expect(scenario.document?.root["steps"]?.arrayValue?.count == 4)
        #expect(scenario.document?.location(of: .root / "steps" / 3 / "args") == SourceLocation(line: 6, column: 68))
    }

    @Test func changingTheStepsMakesThemAPlainList() throws {
        var steps = try Probe.loader.load(text: Self.text(Self.members)).steps
        let loaded = Array(steps)
        steps[0].args = ["x": 1]
        steps.append(StepSpec(at: .at(.start), device: nil, do: "probe.open"))
        #expect(steps.count == 5)
        #expect(steps[0].args == ["x": 1])
        #expect(Array(steps[1..<4]) == Array(loaded[1...]))
    }
}
