/// A Punchlist client written by the app, run by the `sse` plugin in place of the reference client
/// when a scenario says `"plugins": {"sse": {"client": "<name>"}}`.
///
/// The invariants judge it by what it does on the wire (through the HTTP facade: when it opens the
/// event stream, which POSTs it sends) and by what it shows, read from these properties whenever
/// they change. Make the type `@Observable` (as a SwiftUI view model is): the plugin then reads it at
/// the virtual instant it changes, and reads ``shownItems`` again only when Observation reports a change
/// to it (so it must not come from `@ObservationIgnored` properties). Otherwise it is read only when the
/// network delivers something or a user action runs.
public protocol PunchlistClientComponent: AnyObject {
    /// The screen says "connected".
    var isConnected: Bool { get }
    /// The offline indicator is on screen.
    var showsOfflineIndicator: Bool { get }
    /// The list on screen, top to bottom (most recent at the end). Optimistic items carry the app's
    /// temporary ids: any id that is not a server-issued decimal UnixNano string counts as temporary.
    var shownItems: [PunchItem] { get }

    /// The user adds an item (the scenario's `sse.add`).
    func add(text: String) async
    /// The user taps, bumps or deletes the item with this id (`sse.toggle`, `sse.open`, `sse.close`,
    /// `sse.bump`, `sse.delete`; the scenario's item is looked up in ``shownItems``).
    func toggle(itemID: String) async
    /// The user reopens a done item (`sse.open`).
    func open(itemID: String) async
    /// The user marks an item done (`sse.close`).
    func close(itemID: String) async
    /// The user moves an item to the bottom (`sse.bump`; not offered on done items).
    func bump(itemID: String) async
    /// The user deletes an item (`sse.delete`).
    func delete(itemID: String) async
}

/// The HTTP API of the simulated Punchlist backend, as the HTTP facade reaches it (`http://sse/…`).
///
/// The seed names `POST /ko` and "a DELETE endpoint"; the event-stream path, the DELETE path and the
/// request body are this toolkit's assumption, documented in docs/your-own-code.md.
public enum PunchlistAPI {
    /// The URL host of the simulated backend.
    public static let host = "sse"
    /// `GET` → `text/event-stream` of full-state events.
    public static let eventsPath = "/events"
    /// `POST` a JSON body `{"action": "add", "text": "…"}` or `{"action": "toggle", "id": "…"}`
    /// (actions: add, toggle, open, close, bump). 200: applied; 404: unknown item; 400: bad body.
    public static let mutationPath = "/ko"
    /// `DELETE /items/<id>` removes an item (swipe-to-delete). 200: applied; 404: unknown item.
    public static let itemsPath = "/items"
}
