import Foundation
import SimulateCore
import SimulateFacades
import SimulateIntents
import SimulateJSON
import SimulateTesting
import Testing

/// An app's own App Intents run by the `intents` plugin (`"handler": "app"`): what its caller gets is
/// judged, whatever the intents do inside.
@Suite struct AppIntentsTests {
    /// Intents named after what they do: `echo` returns its input, `throw` throws, `sleep` waits the
    /// input's seconds on the simulation clock and then answers ok.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    final class ScriptedIntents: AppIntentsComponent, @unchecked Sendable {
        struct Failure: Error, CustomStringConvertible {
            var description: String { "Failure(the store is locked)" }
        }

        let clock: AppClock
        let seen: Seen
        var lifecycle: SimulatedAppLifecycle?

        init(clock: AppClock, seen: Seen, lifecycle: SimulatedAppLifecycle? = nil) {
            self.clock = clock
            self.seen = seen
            self.lifecycle = lifecycle
        }

        func perform(intent: String, input: String) async throws -> String {
            switch intent {
            case "throw":
                throw Failure()
            case "phase":
                for await phase in lifecycle!.phaseUpdates() { return #"{"phase": "\#(phase.rawValue)"}"# }
                return "{}"
            case "sleep":
                do {
                    try await clock.sleep(for: .seconds(Int(input) ?? 0))
                } catch {
                    seen.cancelled += 1
                    throw error
                }
                return #"{"ok": true, "intent": "listTasks", "result": {"tasks": []}}"#
            default:
                return input
            }
        }
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    /// What the components saw, shared with the test; it holds no component (a component holds the run).
    final class Seen: @unchecked Sendable {
        var cancelled = 0
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    static func harness(_ seen: Seen = Seen()) -> ScenarioHarness {
        ScenarioHarness(plugins: [
            IntentsPlugin(appIntents: [
                "scripted": .app { environment in
                    ScriptedIntents(clock: environment.clock, seen: seen, lifecycle: environment.lifecycle)
                }
            ])
        ])
    }

    static func scenario(
        platform: String = "iOS", handler: String = "scripted", steps: [String], expect: [String] = [],
        faults: String = ""
    ) -> String {
        """
        {"format": 1, "name": "app intents", "duration": "60s",
         "devices": [{"id": "phone", "platform": "\(platform)"}], "faults": [\(faults)],
         "plugins": {"model": {}, "counter": {}, "intents": {"handler": "\(handler)"}},
         "steps": [\(steps.joined(separator: ", "))], "expect": [\(expect.joined(separator: ", "))]}
        """
    }

    static func call(_ intent: String, _ input: String, at time: String = "1s") -> String {
        #"{"at": "\#(time)", "device": "phone", "do": "intents.call", "args": {"intent": "\#(intent)", "input": \#(JSONWriter.string(.string(input)))}}"#
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    static func run(_ text: String, harness: ScenarioHarness = harness()) throws -> ScenarioOutcome {
        let scenario = try ScenarioLoader(registry: harness.registry).load(bytes: Array(text.utf8), file: "app.json")
        return harness.run(scenario, seed: 0)
    }

    static func violations(_ outcome: ScenarioOutcome, _ name: String) -> [String] {
        outcome.result?.expectations.first { $0.name == name }?.violations.map(\.message) ?? []
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func everyAnswerIsJudgedAsTheCallerGetsIt() throws {
        let outcome = try Self.run(
            Self.scenario(
                steps: [
                    Self.call("echo", #"{"ok": true, "intent": "echo", "result": {}}"#),
                    Self.call("echo", #"{"ok": true,}"#, at: "2s"),
                    Self.call("throw", "{}", at: "3s"),
                ],
                expect: [
                    #"{"invariant": "intents.jsonOut", "violated": true}"#,
                    #"{"at": "end", "device": "phone", "check": "intents.lastOutcome", "equals": "thrown"}"#,
                    #"{"at": "end", "device": "phone", "check": "intents.errorCodes", "equals": {"thrown": 1, "unreadable": 1}}"#,
                ]))
        #expect(outcome.passed, "\(outcome.failures.map(\.message))")
        let found = Self.violations(outcome, "intents.jsonOut")
        #expect(found.count == 3)
        #expect(found[0].contains("an unknown intent must answer an error"))
        #expect(found[1].contains("the output is not JSON"))
        #expect(found[2].contains("the intent threw Failure(the store is locked): the caller's stdout is empty"))
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func shapeJSONAsksOnlyForStrictJSON() throws {
        let steps = [
            Self.call("echo", #"{"answer": 42}"#), Self.call("echo", #"{"a": 1, "a": 2}"#, at: "2s"),
        ]
        let outcome = try Self.run(
            Self.scenario(
                steps: steps,
                expect: [#"{"invariant": "intents.jsonOut", "args": {"shape": "json"}, "violated": true}"#]))
        let found = Self.violations(outcome, "intents.jsonOut")
        #expect(found.count == 1)
        #expect(found.first?.contains(#"duplicate key "a""#) == true)
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func theSystemCancelsACallPastItsLimitOnIOSOnly() throws {
        let seen = Seen()
        let iOS = try Self.run(
            Self.scenario(
                steps: [Self.call("sleep", "40")],
                expect: [
                    #"{"invariant": "intents.jsonOut", "args": {"shape": "json"}, "violated": true}"#,
                    #"{"at": "end", "device": "phone", "check": "intents.lastOutcome", "equals": "cancelled"}"#,
                ]), harness: Self.harness(seen))
        #expect(iOS.passed, "\(iOS.failures.map(\.message))")
        let found = Self.violations(iOS, "intents.jsonOut")
        #expect(found.count == 1)
        #expect(found.first?.contains("the system cancelled it (IntentCancellationReason.timeout)") == true)
        #expect(seen.cancelled == 1)
        let macOS = try Self.run(
            Self.scenario(
                platform: "macOS", steps: [Self.call("sleep", "40")],
                expect: [#"{"invariant": "intents.jsonOut", "args": {"shape": "json"}}"#]))
        #expect(macOS.passed)
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func anAnswerAtTheLimitItselfReachesItsCaller() throws {
        let outcome = try Self.run(
            Self.scenario(
                steps: [Self.call("sleep", "30")],
                expect: [#"{"invariant": "intents.jsonOut", "args": {"shape": "json"}}"#]))
        #expect(outcome.passed, "\(outcome.failures.map(\.message))")
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func aCallRunsWhileTheAppIsInTheBackground() throws {
        let outcome = try Self.run(
            Self.scenario(
                steps: [Self.call("echo", #"{"ok": true, "intent": "listTasks", "result": {"tasks": []}}"#, at: "2s")],
                expect: [
                    #"{"invariant": "intents.jsonOut", "args": {"shape": "json"}}"#,
                    #"{"at": "2.5s", "device": "phone", "check": "intents.responses", "equals": 1}"#,
                ],
                faults: #"{"at": "1s", "for": "20s", "kind": "background", "device": "phone"}"#))
        #expect(outcome.passed, "\(outcome.failures.map(\.message))")
    }

    /// Whatever the intents are named, two tasks answered with one displayId are a duplicate; one task answered
    /// again (a list, a completion) is not.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func aDisplayIdAnsweredForTwoTasksIsADuplicateWhateverTheIntent() throws {
        func task(_ id: String, _ displayId: Int) -> String { #"{"id": "\#(id)", "displayId": \#(displayId)}"# }
        let outcome = try Self.run(
            Self.scenario(
                steps: [
                    Self.call("quickAdd", #"{"ok": true, "result": {"task": \#(task("a", 1))}}"#),
                    Self.call("listAll", #"{"ok": true, "result": {"tasks": [\#(task("a", 1))]}}"#, at: "2s"),
                    Self.call("quickAdd", #"{"ok": true, "result": {"task": \#(task("b", 2))}}"#, at: "3s"),
                    Self.call("importTasks", #"{"ok": true, "result": {"tasks": [\#(task("c", 2))]}}"#, at: "4s"),
                ],
                expect: [
                    #"{"invariant": "intents.uniqueDisplayIds", "violated": true}"#,
                    #"{"at": "end", "device": "phone", "check": "intents.displayIds", "equals": [1, 2, 2]}"#,
                ]))
        #expect(outcome.passed, "\(outcome.failures.map(\.message))")
        let found = Self.violations(outcome, "intents.uniqueDisplayIds")
        #expect(
            found == [#"an intent answered displayId 2 for task "c", which phone was answered at 3.000s for task "b""#])
    }

    /// Answers of a shape of their own (`{"expense": {"receiptNumber": …}}`) are read where `answerFields` says.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func answerFieldsSayWhereYourAnswersNameTheirNumbers() throws {
        func expense(_ id: String, _ number: Int) -> String {
            #"{"ok": true, "result": {"expense": {"id": "\#(id)", "receiptNumber": \#(number)}}}"#
        }
        let text = Self.scenario(
            steps: [Self.call("logExpense", expense("a", 7)), Self.call("logExpense", expense("b", 7), at: "2s")],
            expect: [#"{"invariant": "intents.uniqueDisplayIds", "violated": true}"#]
        ).replacingOccurrences(
            of: #""handler": "scripted"}"#,
            with: #""handler": "scripted", "answerFields": {"task": "expense", "displayId": "receiptNumber"}}"#)
        let outcome = try Self.run(text)
        #expect(outcome.passed, "\(outcome.failures.map(\.message))")
        #expect(
            Self.violations(outcome, "intents.uniqueDisplayIds").first?.contains("displayId 7 for task \"b\"") == true)
    }

    /// The system runs the app for the call: its clock's deadlines fire in the background (they were held until
    /// the foreground, and iOS cancelled the call at 30 s).
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func aCallThatWaitsIsAnsweredInTheBackground() throws {
        let outcome = try Self.run(
            Self.scenario(
                steps: [Self.call("sleep", "3", at: "2s")],
                expect: [
                    #"{"invariant": "intents.jsonOut", "args": {"shape": "json"}}"#,
                    #"{"at": "5.5s", "device": "phone", "check": "intents.responses", "equals": 1}"#,
                ],
                faults: #"{"at": "1s", "for": "50s", "kind": "background", "device": "phone"}"#))
        #expect(outcome.passed, "\(outcome.failures.map(\.message))")
        // It runs, and it is in the background all the same.
        let phase = try Self.run(
            Self.scenario(
                steps: [Self.call("phase", "{}", at: "2s")],
                expect: [
                    #"{"at": "3s", "device": "phone", "check": "intents.lastResponse", "equals": {"phase": "background"}}"#
                ],
                faults: #"{"at": "1s", "for": "50s", "kind": "background", "device": "phone"}"#))
        #expect(phase.passed, "\(phase.failures.map(\.message))")
    }

    /// With its intents' names declared, a scenario that calls another (a typo, a renamed intent) does not load.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func aCallToAnIntentTheHandlerDoesNotDeclareIsALoadError() throws {
        let harness = ScenarioHarness(plugins: [
            IntentsPlugin(
                appIntents: ["scripted": .app { ScriptedIntents(clock: $0.clock, seen: Seen()) }],
                intentNames: ["scripted": ["echo", "sleep", "renameTask"]])
        ])
        let text = Self.scenario(steps: [Self.call("echo", "{}"), Self.call("renameTsk", "{}", at: "2s")])
        #expect {
            _ = try ScenarioLoader(registry: harness.registry).load(bytes: Array(text.utf8), file: "app.json")
        } throws: { error in
            "\(error)".contains(
                #"/steps/1/args/intent: unknown intent "renameTsk" of handler "scripted": did you mean "renameTask"? "#
                    + #"expected one of "echo", "sleep", "renameTask" (declared in intentNames)"#)
        }
        _ = try ScenarioLoader(registry: harness.registry).load(
            bytes: Array(Self.scenario(steps: [Self.call("renameTask", "{}")]).utf8), file: "app.json")
    }

    /// `intents.fuzz` aimed at your own intent sends it the inputs that need no knowledge of its fields (not
    /// JSON, too deep, not an object, too large); what it answers is judged by `jsonOut`, not by the reference's
    /// codes. An intent that echoes its input answers them with text that is not JSON.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func yourOwnIntentsAreFuzzedAndJudgedByWhatTheyAnswer() throws {
        let harness = ScenarioHarness(plugins: [
            IntentsPlugin(
                appIntents: ["scripted": .app { ScriptedIntents(clock: $0.clock, seen: Seen()) }],
                intentNames: ["scripted": ["echo"]])
        ])
        let fuzz = #"{"at": "1s", "device": "phone", "do": "intents.fuzz", "args": {"count": 40}}"#
        let outcome = try Self.run(
            Self.scenario(
                steps: [fuzz],
                expect: [
                    #"{"invariant": "intents.jsonOut", "args": {"shape": "json"}, "violated": true}"#,
                    #"{"invariant": "intents.fuzzCodes"}"#,
                    #"{"at": "end", "device": "phone", "check": "intents.responses", "equals": 40}"#,
                ]), harness: harness)
        #expect(outcome.passed, "\(outcome.failures.map(\.message))")
        #expect(Self.violations(outcome, "intents.jsonOut").allSatisfy { $0.hasPrefix("echo with input") })
        // Kinds your own intents are never sent are refused, not silently skipped.
        #expect {
            _ = try ScenarioLoader(registry: harness.registry).load(
                bytes: Array(
                    Self.scenario(steps: [
                        #"{"at": "1s", "device": "phone", "do": "intents.fuzz", "args": {"intent": "echo", "kinds": ["wrongType"]}}"#
                    ]).utf8), file: "app.json")
        } throws: { error in
            "\(error)".contains("/steps/0/args/kinds: none of these kinds is sent to your own intents")
        }
        // The reference's fuzz is aimed at one of its five intents.
        #expect {
            _ = try ScenarioLoader(registry: Self.harness().registry).load(
                bytes: Array(
                    Self.scenario(
                        handler: "reference",
                        steps: [
                            #"{"at": "1s", "device": "phone", "do": "intents.fuzz", "args": {"intent": "addTsk"}}"#
                        ]
                    ).utf8), file: "app.json")
        } throws: { error in
            "\(error)".contains(#"/steps/0/args/intent: unknown intent "addTsk": did you mean "addTask"?"#)
        }
    }

    /// A file that names the handler your command line registers (`"handler": "app"`) runs in a test that
    /// registers it under another name and replaces the setting: the file's own value is not what runs.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func aReplacedSettingIsNotJudgedByTheFilesOwnValue() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("app-handler-\(getpid()).json").path
        let text = Self.scenario(
            handler: "app", steps: [Self.call("echo", #"{"answer": 1}"#)],
            expect: [#"{"invariant": "intents.jsonOut", "args": {"shape": "json"}}"#])
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let outcome = Self.harness().run(
            ScenarioFile(path: path), seed: 0, setting: ["intents": ["handler": "scripted"]])
        #expect(outcome.invalid == nil, "\(outcome.invalid.map { "\($0)" } ?? "")")
        #expect(outcome.passed)
        // Another problem of the file is still its own, located in it.
        try text.replacingOccurrences(of: #""name": "app intents""#, with: #""name": 7"#)
            .write(toFile: path, atomically: true, encoding: .utf8)
        let broken = Self.harness().run(
            ScenarioFile(path: path), seed: 0, setting: ["intents": ["handler": "scripted"]])
        #expect(broken.invalid.map { "\($0)" }?.contains("/name") == true)
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func anUnregisteredHandlerIsALoadError() throws {
        let harness = Self.harness()
        #expect {
            _ = try ScenarioLoader(registry: harness.registry).load(
                bytes: Array(Self.scenario(handler: "mine", steps: []).utf8), file: "app.json")
        } throws: { error in
            "\(error)".contains(
                #"/plugins/intents/handler: unknown handler "mine": expected one of "reference", "scripted" (registered)"#
            )
        }
        #expect {
            _ = try ScenarioLoader(registry: harness.registry).load(
                bytes: Array(Self.scenario(handler: "scriptd", steps: []).utf8), file: "app.json")
        } throws: { error in
            "\(error)".contains(#"unknown handler "scriptd": did you mean "scripted"? expected one of"#)
        }
    }
}
