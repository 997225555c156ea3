import Foundation
import SimulateCore
import SimulateSSE
import SimulateSSEServe
import Testing

/// `serve` against the connections real clients hold: keep-alive after a POST (what URLSession and
/// browsers do after every mutation), readers that stop reading, resets, silent sockets, pages that
/// close their stream on purpose.
///
/// Not `.onAThreadOfItsOwn` as `ServeTests` is: its server runs in this process, and beside the other
/// tests on two cores under the thread sanitizer the reader that keeps reading fell behind the unsent-bytes
/// cap and was reset (2026-11-28). Its tests after the first wait for the shared pool, at the end of the run.
@Suite(.serialized) struct ServeConnectionTests {
    static func scenario(duration: String = "3s", faults: String = "[]", steps: String = "[]", expect: String = "[]")
        -> String
    {
        """
        {"format": 1, "name": "connections", "duration": "\(duration)", "devices": [{"id": "phone"}, {"id": "slow"}],
         "network": {"latency": "0s"}, "plugins": {"sse": {"items": ["milk"]}},
         "faults": \(faults), "steps": \(steps), "expect": \(expect)}
        """
    }

    @Test func aKeepAliveConnectionAfterAPostSurvivesAServerRestart() throws {
        let run = try ServedRun(
            Self.scenario(faults: #"[{"at": "1s", "kind": "serverRestart", "plugin": "sse"}]"#), options: ServeOptions()
        )
        let client = try RawSocket(port: run.port)
        client.send(RawSocket.post(#"{"action": "add", "text": "bread"}"#, device: "phone"))
        let answer = client.read(for: 2, until: "}")
        #expect(answer.text.hasPrefix("HTTP/1.1 200"), "\(answer.text)")
        // Held open past the restart: the server closes it in order and carries on.
        let after = client.read(for: 1.5)
        #expect(after.closed)
        let served = try run.result()
        #expect(served.statistic("restarts") == 1)
        #expect(served.statistic("mutations") == 1)
        #expect(served.result.failure == nil)
    }

    @Test func stopWithAKeepAliveConnectionStillJudges() throws {
        let run = try ServedRun(Self.scenario(duration: "30s"))
        let client = try RawSocket(port: run.port)
        client.send(RawSocket.post(#"{"action": "add", "text": "bread"}"#, device: "phone"))
        #expect(client.read(for: 2, until: "}").text.hasPrefix("HTTP/1.1 200"))
        let stream = try RawSocket(port: run.port)
        stream.send(RawSocket.events(device: "phone"))
        #expect(stream.read(for: 2, until: "milk").text.contains("text/event-stream"))
        run.server.stop()  // what Ctrl-C does
        let served = try run.result(within: 5)
        #expect(served.statistic("mutations") == 1)
        #expect(client.read(for: 1).closed)
        #expect(stream.read(for: 1).closed)
    }

    @Test func aReaderThatStopsReadingIsResetAtTheCapAndNamed() throws {
        let text = String(repeating: "x", count: 300)
        let run = try ServedRun(
            Self.scenario(
                duration: "4s",
                steps:
                    #"[{"at": "0.2s", "device": "phone", "do": "sse.add", "args": {"text": "\#(text)"}, "repeat": {"every": "10ms", "count": 300}}]"#
            ),
            options: ServeOptions(applySteps: true, unsentByteLimit: 512 * 1024))
        let slow = try RawSocket(port: run.port, receiveBuffer: 4096)
        slow.send(RawSocket.events(device: "slow"))
        let reader = try RawSocket(port: run.port)
        reader.send(RawSocket.events(device: "phone"))
        // `reader` keeps reading; `slow` never reads again.
        _ = reader.read(for: 4.5)
        let served = try run.result()
        let kept = try #require(served.expectation("serve.readsKeptUp"))
        #expect(!kept.passed)
        #expect(kept.violations.map(\.device) == ["slow"])
        #expect(kept.violations.first?.message.contains("over the cap of 524288") == true)
        #expect(served.statistic("overUnsentCap") == 1)
    }

    @Test func stopBeforeTheRunStartsStillEndsWithAVerdict() throws {
        let scenario = try ScenarioLoader(registry: PluginRegistry([SSEPlugin()])).load(text: Self.scenario())
        let server = try FixtureServer(scenario: scenario, options: ServeOptions())
        server.stop()
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var served: ServeResult?
        Thread.detachNewThread {
            served = try? server.run()
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(served?.expectation("serve.clientsConnected")?.passed == false)
    }

    @Test func aClientResetIsRecordedAsAResetNotABadRequest() throws {
        let run = try ServedRun(Self.scenario(duration: "2s"))
        let stream = try RawSocket(port: run.port)
        stream.send(RawSocket.events(device: "phone"))
        #expect(stream.read(for: 2, until: "milk").text.contains("milk"))
        stream.reset()
        let half = try RawSocket(port: run.port)
        half.send("POST /ko?device=phone HTTP/1.1\r\nContent-Length: 100\r\n\r\n{\"act")
        Thread.sleep(forTimeInterval: 0.2)
        half.reset()
        let served = try run.result()
        #expect(served.expectation("serve.wellFormedRequests")?.passed == true)
        #expect(served.statistic("badRequests") == 0)
        #expect((served.statistic("clientResets") ?? 0) >= 1)
    }

    @Test func aSilentConnectionIsClosedAfterTheIdleTimeout() throws {
        let run = try ServedRun(Self.scenario(duration: "3s"), options: ServeOptions(idleTimeout: .milliseconds(300)))
        let silent = try RawSocket(port: run.port)
        let unfinished = try RawSocket(port: run.port)
        unfinished.send("POST /ko?device=phone HTTP/1.1\r\nContent-Length: 100\r\n\r\n{")
        let afterPost = try RawSocket(port: run.port)
        afterPost.send(RawSocket.post(#"{"action": "add", "text": "bread"}"#, device: "phone"))
        let stream = try RawSocket(port: run.port)
        stream.send(RawSocket.events(device: "phone"))
        #expect(silent.read(for: 1.5).closed)
        #expect(unfinished.read(for: 1.5).closed)
        #expect(afterPost.read(for: 1.5).closed)
        // A stream is never idle: it stays open while the server has nothing to say.
        #expect(!stream.read(for: 0.3).closed)
        let served = try run.result()
        #expect(served.statistic("idleClosed") == 3)
    }

    @Test func aPageThatClosesItsStreamIsNotADrop() throws {
        let run = try ServedRun(Self.scenario(duration: "3s", expect: #"[{"invariant": "sse.backoff"}]"#))
        let page = try RawSocket(port: run.port)
        page.send(RawSocket.events(device: "phone"))
        #expect(page.read(for: 2, until: "milk").text.contains("milk"))
        page.closeCleanly()
        let served = try run.result()
        let backoff = try #require(served.expectation("sse.backoff"))
        #expect(backoff.passed, "\(backoff.violations.map(\.message))")
    }
}
