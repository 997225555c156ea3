import SimulateCore

extension SSEDocs {
    static let invariants: [EntryDoc] = [
        EntryDoc(
            "offlineIndicator",
            "shown once `delay` (1.5 s, seed 002) of continuous disconnect passed, not before, not later; hidden on reconnect",
            details: """
                Seed 002: "Offline indicator — shown after 1.5s of disconnect". Per device, from what \
                reached it on the wire, never from the client's own word ("connected" = the first bytes of \
                a stream arrived, field report 19; the device is disconnected from launch until then, and \
                from the stream's end until the next first bytes): the \
                indicator is never shown while connected or before `delay` of continuous disconnect; it \
                shows at most `tolerance` after the delay (a late indicator fails, as does a disconnect \
                longer than delay + tolerance without one); it is hidden at the instant of the reconnect; at \
                the end of the run a device disconnected for at least delay + tolerance shows it. The delay \
                is the seed's, not the client's offlineIndicatorDelay: a client configured otherwise fails \
                unless the scenario states its rule here. A half-open stream the client still believes \
                connected is not a disconnect here (see freshness and converged). For an app client the \
                "connected" it reports (its own isConnected) is cross-checked against the wire: a \
                difference longer than `tolerance` is a violation naming both sides ("phone received the \
                first bytes of its stream at 6.6s but reported connected only at 6.8s", "phone reports \
                connected at 12.3s but no bytes reached it since the drop at 10s"). Within one instant \
                the order of the wire's change and the app's is not judged.
                """),
        EntryDoc(
            "backoff", "every reconnect wait is exactly the seed's policy (1 s, ×2, 30 s cap), reset on connect",
            details: """
                Seed 002: "Reconnect with exponential backoff — 1s initial, doubles to 30s cap. Reset on \
                successful connect." Replays each device's connection log: the k-th wait since the last \
                successful connect must be min(maxDelay, initialDelay × multiplier^k) — with jitter, inside \
                the mode's range (full 0…base, equal base/2…base, decorrelated initial…min(maxDelay, 3 × \
                previous)) — and the next attempt must start exactly that long after the wait began; every \
                failed attempt or drop is followed by a wait, and no reconnect happens without one. The \
                policy is the seed's unless the invariant's arguments state another: the client's own \
                configuration is what is checked, never the yardstick. "Successful" is resetOn: by default \
                the first full-state event arrived (field report 14: resetting on the first bytes lets a \
                server that accepts and closes at once get a reconnect every initialDelay). A client \
                configured with backoffReset firstByte therefore violates the default invariant whenever a \
                connection brings bytes but no event. With stableFor, a success restarts the backoff only \
                once the connection has stayed up that long (judged when it drops), as LaunchDarkly's \
                EventSource does after backoffResetThreshold (60 s).
                """),
        EntryDoc(
            "fullState", "every event replaces the whole list with exactly the server's state of that version",
            details: """
                Checked as each event is applied: the event's data parses as the item array, its id \
                names a server state version, and the device's list afterwards equals that version item \
                for item (ids, texts, done flags, created, order) — so no merge, no leftover optimistic \
                item or temporary id, no mis-parse of a stream split across chunks (field report 18); a \
                device never replaces a newer version with an older one. It reads the list the client \
                made from the event, so a client configured with stateUpdate merge fails it as soon as an \
                event lacks an item the screen holds.
                """),
        EntryDoc(
            "converged", "at the end, every connected device shows exactly the server's items",
            details: """
                At the end of the run, each device whose stream shows "connected" has the server's \
                items (ids, texts, done flags, order). Devices that are disconnected at the end are not \
                checked: their screen may legitimately hold optimistic edits. A device stuck on a \
                half-open stream (field report 15) violates it as soon as the server changed meanwhile.
                """),
        EntryDoc(
            "serverIds", "ids are UnixNano strings of the server clock, issued once each",
            details: """
                Every id the server issued is a decimal UnixNano string equal to the server clock \
                (2026-01-01T00:00:00Z + virtual time) at its resolution (serverClock), and no id is issued \
                twice. With the default nanosecond clock a second add in the same nanosecond gets the \
                previous id + 1 (the toolkit's own rule), so ids strictly increase and never repeat; with \
                the microsecond clock (Go on macOS) two adds in one microsecond get the same id and this \
                invariant reports it; created is the same clock in \
                RFC 3339 (UTC, seconds); at the end every device holds only server-issued ids or its own \
                temporary ids (tmp-N).
                """),
        EntryDoc(
            "mutationsDelivered", "every mutation a user fired reached the server",
            details: """
                Each add/toggle/open/close/bump/delete a user fired reached the server (applied, or \
                answered "unknown item"). Violated by design when a mutation is fired while offline or \
                its request is lost: Punchlist has no offline queue, so the edit is shown optimistically \
                and gone after the next full-state event. Use "violated": true to document that hazard.
                """),
        EntryDoc(
            "noRevert", "an optimistic edit never leaves the screen because an older state arrived",
            details: """
                Field report 20: an edit applied optimistically (while disconnected) disappears when a \
                full-state event older than the edit arrives, and comes back with the next one. Violated \
                when a device applies an event whose version precedes the server's application of one of \
                its pending optimistic edits that the server did apply later.
                """),
        EntryDoc(
            "freshness", "a device that shows \"connected\" never lags the server by more than `within`",
            details: """
                For every server state version v made at time T: a device that shows "connected" at \
                T + within displays version v or newer. Catches half-open streams (field report 15): \
                the client stays "connected" on a dead stream until requestTimeout (60 s) passes without \
                data.
                """),
        EntryDoc(
            "reconnectRate", "at most `max` reconnect attempts in any `window` (reconnect herds)",
            details: """
                Counts reconnect attempts of all devices (not their first connects) by start time; \
                violated by every window of length `window` holding more than `max` (field report 13: a \
                server restart with a fixed first retry brings every client back at the same instant; \
                jitter spreads them).
                """),
    ]

    static let observables: [EntryDoc] = [
        EntryDoc(
            "offlineIndicator", "whether the device shows the offline indicator",
            details: "True from offlineIndicatorDelay after the device lost its stream (or after launch) until the "
                + "first bytes of a new stream arrive.", valueType: "boolean"),
        EntryDoc(
            "connected", "whether the device's stream is connected (its first bytes arrived)",
            details: "\"Connected\" starts when the first bytes of a stream arrive (field report 19), not when the "
                + "request leaves, and ends when the client learns the stream ended (at once when offline; on a "
                + "half-open or quiet stream when requestTimeout passes without data). For an app client, what it "
                + "reports (its isConnected); sse.offlineIndicator cross-checks that against the wire.",
            valueType: "boolean"),
        EntryDoc(
            "items", "the device's list in display order (top to bottom, most recent last): [{text, done}]",
            details: "What the user sees, optimistic edits included. Adds and bumps go to the end (the bottom, next "
                + "to the input).", valueType: "array"),
        EntryDoc(
            "reconnectAttempts", "connection attempts after the first connect, so far",
            details: "Every attempt counts, refused (offline), timed out or successful.", valueType: "integer"),
        EntryDoc(
            "lastBackoffDelay", "seconds of the device's latest backoff wait (null: none yet)",
            details: "The delay of the wait that started last, jitter included.", valueType: "number"),
        EntryDoc(
            "temporaryItems", "items on the device's list with a temporary id",
            details: "Optimistic adds made while disconnected (ids tmp-1, tmp-2, …) until a full-state event "
                + "replaces the list.", valueType: "integer"),
        EntryDoc(
            "serverItems", "the server's list: [{text, done}]", details: "The backend's items in display order.",
            perDevice: false, valueType: "array"),
        EntryDoc(
            "serverVersion", "the server's state version (1 at start, +1 per applied mutation)",
            details: "Also the id field of each full-state event; mutations answered \"unknown item\" do not count.",
            perDevice: false, valueType: "integer"),
        EntryDoc(
            "serverRequests", "mutation requests that reached the server, by HTTP method: {\"POST\": n, \"DELETE\": m}",
            details: "Seed 002: mutations are POSTs to /ko, and swipe-to-delete \"maps to DELETE endpoint\". Requests "
                + "lost on the way are not counted; answered-404 requests are.", perDevice: false, valueType: "object"),
        EntryDoc(
            "peakReconnectRate", "the most reconnect attempts (all devices) that started within any `window`",
            details: "Over the whole run so far; first connects do not count (field report 13).",
            perDevice: false, valueType: "integer"),
    ]
}
