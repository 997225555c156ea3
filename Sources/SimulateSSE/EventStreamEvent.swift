/// One event dispatched by ``EventStreamParser``, as the WHATWG HTML "Server-sent events"
/// section's "dispatch the event" step produces it.
public struct ServerSentEvent: Equatable, Sendable {
    /// The event type: the last `event` field's value, or `"message"` when none was given (or it was empty).
    public var type: String
    /// The `data` field values joined with LF (one trailing LF removed).
    public var data: String
    /// The last event ID buffer at the time of dispatch (persists across events).
    public var lastEventId: String

    /// An event; type `message` and no id by default.
    public init(type: String = "message", data: String, lastEventId: String = "") {
        self.type = type
        self.data = data
        self.lastEventId = lastEventId
    }
}

/// What ``EventStreamParser`` reports, in stream order.
public enum EventStreamOutput: Equatable, Sendable {
    /// A dispatched event.
    case event(ServerSentEvent)
    /// A valid `retry` field: the stream asks for this reconnection time.
    case retry(milliseconds: Int)
}
