import Testing

@testable import SimulateSSE

/// What the judge of an app client counts as an event stream: a 200 whose `Content-Type` (any case) has
/// the media type `text/event-stream` (any case, spaces and tabs ignored, parameters after `;` ignored).
@Suite struct EventStreamResponseTests {
    @Test(
        arguments: [
            (200, ["Content-Type": "text/event-stream"], true),
            (200, ["content-type": "TEXT/Event-Stream; charset=utf-8"], true),
            (200, ["CONTENT-TYPE": " text/event-stream ;"], true),
            (200, ["Content-Type": "text/ event-stream"], true),
            (200, ["Content-Type": "\ttext/event-stream\t"], true),
            (200, ["Content-Type": "text/event-stream-x"], false),
            (200, ["Content-Type": "text/event-strea"], false),
            (200, ["Content-Type": "application/json"], false),
            (200, ["Content-Type": ""], false),
            (200, ["Content-Type": "; text/event-stream"], false),
            (200, ["Content-Types": "text/event-stream"], false),
            (200, ["Content-Typ": "text/event-stream"], false),
            (200, ["Content-Type": "text/évent-stream"], false),
            (200, [:], false),
            (204, ["Content-Type": "text/event-stream"], false),
            (503, ["Content-Type": "text/event-stream"], false),
        ] as [(Int, [String: String], Bool)])
    func eventStream(status: Int, headers: [String: String], expected: Bool) {
        #expect(AppClientRecorder.isEventStream(status: status, headers: headers) == expected)
    }
}
