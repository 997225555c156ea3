import Foundation
import TestSupport
import Testing

/// `simulate serve` answers an `sse` `serverError` fault on its sockets as the in-process server does.
@Suite(.serialized, .onAThreadOfItsOwn) struct ServeServerErrorTests {
    static let scenario = """
        {"format": 1, "name": "serve answers 503", "duration": "2s", "devices": [{"id": "phone"}],
         "network": {"latency": "0s"}, "plugins": {"sse": {"items": ["milk"]}},
         "faults": [{"at": "0s", "kind": "serverError", "server": "sse", "error": "serviceUnavailable"}]}
        """

    @Test func aStreamRequestGetsTheStatusAndTheConnectionCloses() throws {
        let file = try temporaryScenario(Self.scenario)
        let serve = try BackgroundCommand(simulate: ["serve", file, "--start-on-first-client"], timeLimitSeconds: 30)
        let url = serve.servedURL()
        let curl = try Shell.run(
            "curl -s -o /dev/null -w '%{http_code} %{content_type}' --max-time 10 '\(url)/events?device=phone'",
            timeLimitSeconds: 20)
        _ = serve.finish()
        #expect(curl.standardOutput == "503 text/plain")
    }
}
