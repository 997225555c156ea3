import Foundation
import SimulateSSE
import TestSupport
import Testing

/// `simulate serve`, `probe` and `diff` with real sockets on loopback and real clients: curl, the
/// probe itself, a shell loop that reconnects at once, and headless Chromium.
@Suite(.serialized, .onAThreadOfItsOwn) struct ServeTests {
    static let curlScenario = """
        {"format": 1, "name": "serve to curl", "duration": "2s", "devices": [{"id": "phone"}],
         "network": {"latency": "0s"}, "plugins": {"sse": {"items": ["milk", "eggs"]}},
         "steps": [{"at": "0.5s", "device": "phone", "do": "sse.add", "args": {"text": "bread"}},
                   {"at": "1s", "device": "phone", "do": "sse.toggle", "args": {"item": "milk"}}],
         "expect": [{"check": "sse.serverVersion", "at": "end", "equals": 3}]}
        """

    @Test func curlReadsTheBytesTheInProcessServerWrites() throws {
        let file = try temporaryScenario(Self.curlScenario)
        let serve = try BackgroundCommand(
            simulate: ["serve", file, "--apply-steps", "--start-on-first-client"], timeLimitSeconds: 30)
        let url = serve.servedURL()
        #expect(url.hasPrefix("http://127.0.0.1:"))
        let curl = try Shell.run("curl -sN --max-time 10 '\(url)/events?device=phone'", timeLimitSeconds: 20)
        let served = serve.finish()
        #expect(served.status == 0, "\(served.standardOutput)\(served.standardError)")
        let epoch = PunchClock.epochNanoseconds
        let milk = PunchItem(id: String(epoch), text: "milk", created: "2026-01-01T00:00:00Z")
        let eggs = PunchItem(id: String(epoch + 1), text: "eggs", created: "2026-01-01T00:00:00Z")
        let bread = PunchItem(id: String(epoch + 500_000_000), text: "bread", created: "2026-01-01T00:00:00Z")
        var doneMilk = milk
        doneMilk.done = true
        let expected =
            PunchWire.fullStateEvent(version: 1, items: [milk, eggs])
            + PunchWire.fullStateEvent(version: 2, items: [milk, eggs, bread])
            + PunchWire.fullStateEvent(version: 3, items: [doneMilk, eggs, bread])
        #expect(curl.standardOutput == String(decoding: expected, as: UTF8.self))
    }

    static let pairScenario = """
        {"format": 1, "name": "probe against serve", "duration": "6s", "devices": [{"id": "phone"}],
         "network": {"latency": "5ms"}, "plugins": {"sse": {"items": ["milk"]}},
         "faults": [{"at": "2s", "for": "0.5s", "device": "phone", "kind": "offline"}],
         "steps": [{"at": "1s", "device": "phone", "do": "sse.add", "args": {"text": "bread"}},
                   {"at": "4s", "device": "phone", "do": "sse.toggle", "args": {"item": "milk"}},
                   {"at": "4.5s", "device": "phone", "do": "sse.delete", "args": {"item": "bread"}}],
         "expect": [{"invariant": "sse.backoff"}, {"invariant": "sse.fullState"},
                    {"invariant": "sse.serverIds"}, {"invariant": "sse.freshness"}, {"invariant": "sse.mutationsDelivered"},
                    {"check": "sse.items", "at": "end", "device": "phone", "equals": [{"text": "milk", "done": true}]},
                    {"check": "sse.serverVersion", "at": "end", "equals": 4}]}
        """

    @Test func probeAgainstServeAndTheirDiff() throws {
        let file = try temporaryScenario(Self.pairScenario)
        let record = file + ".record.jsonl"
        let serve = try BackgroundCommand(
            simulate: ["serve", file, "--record", record, "--start-on-first-client", "--tolerance", "700ms"],
            timeLimitSeconds: 40)
        let url = serve.servedURL()
        let probe = try BackgroundCommand(simulate: ["probe", url, file, "--ignore-faults"], timeLimitSeconds: 40)
            .finish()
        let served = serve.finish()
        #expect(probe.status == 0, "\(probe.standardOutput)\(probe.standardError)")
        #expect(probe.standardOutput.contains("PASS"))
        #expect(served.status == 0, "\(served.standardOutput)\(served.standardError)")
        #expect(served.standardOutput.contains("streamAttempts 2"))
        let diff = try BackgroundCommand(
            simulate: ["diff", file, record, "--tolerance", "700ms"], timeLimitSeconds: 30
        ).finish()
        #expect(diff.status == 0, "\(diff.standardOutput)")
        #expect(diff.standardOutput.contains("accept phone"))
        #expect(diff.standardOutput.contains("mutation delete"))
    }

    static let outageScenario = """
        {"format": 1, "name": "a client through an outage", "duration": "5s", "devices": [{"id": "loop"}],
         "network": {"latency": "0s"}, "plugins": {"sse": {"items": ["milk"]}},
         "faults": [{"at": "1s", "for": "2s", "device": "loop", "kind": "offline"}],
         "expect": [{"invariant": "sse.backoff"}, {"invariant": "sse.reconnectRate", "args": {"max": 2, "window": "1s"}}]}
        """

    @Test func aClientWithoutBackoffFailsWithTheRuleTheTimesAndTheReplayLine() throws {
        let file = try temporaryScenario(Self.outageScenario)
        let serve = try BackgroundCommand(simulate: ["serve", file], timeLimitSeconds: 30)
        let url = serve.servedURL()
        // Reconnects at once after every failure: no backoff at all, as in field report 13.
        _ = try Shell.run(
            "end=$((SECONDS + 6)); while [ $SECONDS -lt $end ]; do curl -sN --max-time 6 '\(url)/events?device=loop' >/dev/null; done",
            timeLimitSeconds: 15)
        let served = serve.finish()
        #expect(served.status == 1)
        #expect(served.standardOutput.contains("✗ sse.backoff"))
        #expect(served.standardOutput.contains("the rule gives 1s"))
        #expect(served.standardOutput.contains("✗ sse.reconnectRate"))
        #expect(served.standardOutput.contains("replay: simulate run"))
    }

    static let browserScenario = """
        {"format": 1, "name": "a browser's EventSource through an outage", "duration": "12s",
         "devices": [{"id": "browser"}], "network": {"latency": "0s"}, "plugins": {"sse": {"items": ["milk"]}},
         "faults": [{"at": "2s", "for": "2.5s", "device": "browser", "kind": "offline"}],
         "expect": [{"invariant": "sse.backoff"}, {"invariant": "sse.reconnectRate"}]}
        """

    static let hasChromium = Shell.has("chromium")

    /// A headless Chromium that never reached the server, or never came back after the outage (a browser
    /// that stalls on a loaded machine, as under the thread sanitizer on two cores), says nothing about
    /// serve: it is tried again, three times at most.
    func browse(_ query: String) throws -> CommandRunner.Output {
        var served = try browseOnce(query)
        for _ in 1..<3
        where served.standardOutput.contains("no client connected") || served.standardOutput.contains("no reconnect in")
        {
            served = try browseOnce(query)
        }
        return served
    }

    private func browseOnce(_ query: String) throws -> CommandRunner.Output {
        let file = try temporaryScenario(Self.browserScenario)
        let serve = try BackgroundCommand(simulate: ["serve", file, "--start-on-first-client"], timeLimitSeconds: 60)
        let url = serve.servedURL()
        // GNU `timeout` where there is one (macOS has none: Shell.run's own time limit stops the browser).
        _ = try Shell.run(
            "$(command -v timeout >/dev/null && echo timeout 20) chromium --headless --no-sandbox --disable-gpu --remote-debugging-port=0 '\(url)/?\(query)'",
            timeLimitSeconds: 30)
        return serve.finish()
    }

    @Test(.enabled(if: hasChromium, "chromium is not installed: scripts/test installs it where apt-get works"))
    func aBrowserReconnectsOnItsOwnScheduleAndTheReportSaysWhatItSaw() throws {
        let served = try browse("device=browser")
        // Browsers retry on a fixed schedule of their own (about 3 s in Chromium), not 1 s doubling.
        #expect(served.standardOutput.contains("browser: reconnected"))
        #expect(served.standardOutput.contains("the rule gives 1s"))
        #expect(served.standardOutput.contains("✗ sse.backoff"), "\(served.standardOutput)")
        #expect(served.status == 1, "\(served.standardOutput)")
    }

    @Test(.enabled(if: hasChromium, "chromium is not installed: scripts/test installs it where apt-get works"))
    func aPageThatReconnectsAtOnceIsAReconnectStorm() throws {
        let served = try browse("device=browser&reconnect=eager")
        #expect(served.standardOutput.contains("✗ sse.reconnectRate"), "\(served.standardOutput)")
        #expect(served.status == 1)
    }
}
