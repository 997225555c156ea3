import Foundation
import Testing

/// Bad input to the real-endpoint commands: a clear message and an exit status, never a hang.
@Suite struct ServeBadInputTests {
    static let quiet = """
        {"format": 1, "name": "quiet", "duration": "2s", "devices": [{"id": "phone"}],
         "plugins": {"sse": {}}}
        """

    @Test func aPortInUseIsAnArgumentError() throws {
        let file = try temporaryScenario(Self.quiet)
        let first = try BackgroundCommand(simulate: ["serve", file], timeLimitSeconds: 20)
        let port = first.servedURL().split(separator: ":").last.map(String.init) ?? "0"
        let second = try BackgroundCommand(simulate: ["serve", file, "--port", port], timeLimitSeconds: 20).finish()
        _ = first.finish()
        #expect(second.status == 2)
        #expect(second.standardError.contains("cannot listen on 127.0.0.1:\(port): Address already in use (errno "))
    }

    /// docs/reports.md: report paths are checked before anything runs — `serve` and `probe` as `run`.
    @Test func reportPathsAreCheckedBeforeServingOrProbing() throws {
        let file = try temporaryScenario(Self.quiet)
        let folder = (file as NSString).deletingLastPathComponent
        let same = try BackgroundCommand(
            simulate: ["serve", file, "--junit", folder + "/r.xml", "--html", folder + "/./r.xml"], timeLimitSeconds: 20
        ).finish()
        #expect(same.status == 2)
        #expect(same.standardError.contains("error: --junit and --html name the same file"))
        #expect(!same.standardOutput.contains("listening on"))
        let record = try BackgroundCommand(
            simulate: ["serve", file, "--record", folder], timeLimitSeconds: 20
        ).finish()
        #expect(record.status == 2)
        #expect(record.standardError.contains("error: --record: "))
        let probe = try BackgroundCommand(
            simulate: ["probe", "http://127.0.0.1:9", file, "--junit", folder], timeLimitSeconds: 20
        ).finish()
        #expect(probe.status == 2)
        #expect(probe.standardError.contains("error: --junit: "))
        #expect(!probe.standardError.contains("no answer"))
    }

    @Test func diffRefusesARecordThatIsEmptyOrNoFile() throws {
        let file = try temporaryScenario(Self.quiet)
        let folder = (file as NSString).deletingLastPathComponent
        let empty = folder + "/empty.jsonl"
        FileManager.default.createFile(atPath: empty, contents: Data())
        for (record, problem) in [
            (empty, "the file is empty (expected the JSON lines `simulate serve --record` writes)"),
            (folder, "is a directory"),
        ] {
            let diff = try BackgroundCommand(simulate: ["diff", file, record], timeLimitSeconds: 20).finish()
            #expect(diff.status == 2)
            #expect(diff.standardError == "error: \(record): \(problem)\n")
        }
    }

    @Test func aURLThatDoesNotAnswerBreaksTheProbe() throws {
        let file = try temporaryScenario(Self.quiet)
        // A port nothing listens on: bind one with serve, let it finish, then probe it.
        let serve = try BackgroundCommand(simulate: ["serve", file], timeLimitSeconds: 20)
        let url = serve.servedURL()
        _ = serve.finish()
        let probe = try BackgroundCommand(simulate: ["probe", url, file], timeLimitSeconds: 20).finish()
        #expect(probe.status == 3)
        #expect(probe.standardError.contains("no answer from \(url)"))
        #expect(probe.standardError.contains("(--wait): Connection refused (errno "))
    }

    @Test func aURLWithoutItsSchemeIsShownWithIt() throws {
        let file = try temporaryScenario(Self.quiet)
        let probe = try BackgroundCommand(simulate: ["probe", "127.0.0.1:9", file], timeLimitSeconds: 20).finish()
        #expect(probe.status == 2)
        #expect(
            probe.standardError.contains(
                "127.0.0.1:9: expected a URL that starts with http://, e.g. http://127.0.0.1:9"))
    }

    @Test func aScenarioWithoutAServerPluginIsInvalid() throws {
        let file = try temporaryScenario(
            """
            {"format": 1, "name": "counter only", "duration": "2s", "devices": [{"id": "phone"}],
             "plugins": {"counter": {}}}
            """)
        let serve = try BackgroundCommand(simulate: ["serve", file], timeLimitSeconds: 20).finish()
        #expect(serve.status == 2)
        #expect(
            serve.standardError.contains("serve runs the servers of these plugins: sse; this scenario enables counter"))
        let probe = try BackgroundCommand(simulate: ["probe", "http://127.0.0.1:9", file], timeLimitSeconds: 20)
            .finish()
        #expect(probe.status == 2)
    }

    @Test(arguments: ["https://example.invalid", "http://127.0.0.1:99999", "http://"])
    func aURLThatIsNotPlainHTTPIsInvalid(url: String) throws {
        let file = try temporaryScenario(Self.quiet)
        let probe = try BackgroundCommand(simulate: ["probe", url, file], timeLimitSeconds: 20).finish()
        #expect(probe.status == 2, "\(probe.standardError)")
    }

    @Test func aRunNoClientConnectedToDoesNotPass() throws {
        let file = try temporaryScenario(Self.quiet)
        let served = try BackgroundCommand(simulate: ["serve", file], timeLimitSeconds: 20).finish()
        #expect(served.status == 1)
        #expect(served.standardOutput.contains("no client connected"))
    }

    @Test func aClientThatSendsGarbageFailsTheRun() throws {
        let file = try temporaryScenario(Self.quiet)
        let serve = try BackgroundCommand(simulate: ["serve", file], timeLimitSeconds: 20)
        let port = serve.servedURL().split(separator: ":").last.map(String.init) ?? "0"
        _ = try Shell.run(
            "exec 3<>/dev/tcp/127.0.0.1/\(port); printf 'NOT HTTP AT ALL\\r\\n\\r\\n' >&3; sleep 0.3; exec 3>&-",
            timeLimitSeconds: 10)
        let served = serve.finish()
        #expect(served.status == 1)
        #expect(served.standardOutput.contains("✗ serve.wellFormedRequests"))
        #expect(served.standardOutput.contains("unreadable request"))
    }

    @Test func aBadMutationBodyIsAnsweredAndReported() throws {
        let file = try temporaryScenario(Self.quiet)
        let serve = try BackgroundCommand(simulate: ["serve", file], timeLimitSeconds: 20)
        let url = serve.servedURL()
        let curl = try Shell.run(
            "curl -s -o /dev/stderr -w '%{http_code}' -X POST -d '{\"action\":\"fly\"}' '\(url)/ko?device=phone'",
            timeLimitSeconds: 10)
        let served = serve.finish()
        #expect(curl.standardOutput == "400")
        #expect(curl.standardError.contains("not an action"))
        #expect(served.standardOutput.contains("unreadable request"))
    }
}
