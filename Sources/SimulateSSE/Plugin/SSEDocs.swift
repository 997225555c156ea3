import SimulateCore
import SimulateJSON

/// The `sse` plugin's documentation: `simulate list`, `simulate explain` and the editor schema read it.
enum SSEDocs {
    static let optionalDuration: JSON = ["oneOf": [["type": "null"], ["$ref": "#/$defs/duration"]]]

    static let configuration: [ParameterDoc] = [
        ParameterDoc("initialDelay", type: "duration", default: "\"1s\"", "first reconnect wait after a drop"),
        ParameterDoc(
            "multiplier", type: "number", default: "2", "each further wait is the previous base times this (1…1000)",
            schema: ["type": "number", "minimum": 1, "maximum": 1000]),
        ParameterDoc("maxDelay", type: "duration", default: "\"30s\"", "cap of the base delay"),
        ParameterDoc(
            "jitter", type: "string", default: "\"none\"",
            "none | full (0…base) | equal (base/2…base) | decorrelated (initial…3×previous, capped)",
            schema: ["enum": .array(JitterMode.allCases.map { .string($0.rawValue) })]),
        ParameterDoc(
            "backoffReset", type: "string", default: "\"firstEvent\"",
            "what counts as a successful connect that restarts the backoff: firstEvent | firstByte",
            schema: ["enum": .array(BackoffReset.allCases.map { .string($0.rawValue) })]),
        ParameterDoc(
            "stateUpdate", type: "string", default: "\"replace\"",
            "replace: every event replaces the whole list (the seed). merge: a diffing client that updates items by "
                + "id and keeps the ones the event lacks (sse.fullState catches it)",
            schema: ["enum": .array(StateUpdate.allCases.map { .string($0.rawValue) })]),
        ParameterDoc(
            "offlineIndicatorDelay", type: "duration", default: "\"1.5s\"",
            "continuous disconnect before the offline indicator shows"),
        ParameterDoc(
            "requestTimeout", type: "duration", default: "\"60s\"",
            "URLSessionConfiguration.timeoutIntervalForRequest: a request, or an open stream, that brings no data "
                + "for this long fails (the timer restarts on every byte, comments included)"),
        ParameterDoc(
            "keepAliveInterval", type: "duration", default: "null",
            "null: off (the seed). Else the server writes a `: keep-alive` comment on every stream this often "
                + "(shorter than requestTimeout keeps a healthy quiet stream open)",
            schema: optionalDuration),
        ParameterDoc(
            "client", type: "string", default: "\"reference\"",
            "the client on every device: \"reference\", or the name of your own client registered from Swift "
                + "(docs/your-own-code.md)"),
        ParameterDoc(
            "items", type: "array", default: "[]",
            "items on the server at time 0, in display order: texts or {\"text\", \"done\"} objects",
            schema: [
                "type": "array",
                "items": [
                    "oneOf": [
                        ["type": "string"],
                        [
                            "type": "object", "required": ["text"], "additionalProperties": false,
                            "properties": ["text": ["type": "string"], "done": ["type": "boolean"]],
                        ],
                    ]
                ],
            ]),
    ]

    static let itemParameter = ParameterDoc(
        "item", type: "item", "the item's text (first match in display order) or {\"index\": N} (0 = top)",
        schema: [
            "oneOf": [
                ["type": "string"],
                [
                    "type": "object", "required": ["index"], "additionalProperties": false,
                    "properties": ["index": ["type": "integer", "minimum": 0]],
                ],
            ]
        ])

    static let mutationDetails = """
        The POST goes out at once, fire-and-forget, whatever the connection state, through the \
        simulated network (every fault applies; it fails after requestTimeout without an answer). \
        While the stream is not connected the device also applies the change to its screen at once \
        (optimistically); the next full-state event replaces the whole list, so an edit that never \
        reached the server disappears then (there is no offline queue). While connected, the screen \
        changes only when the server's event arrives. An item that is not on the device's list \
        (text or index) makes the step do nothing but a trace entry ("no such item").
        """

    static let actions: [EntryDoc] = [
        EntryDoc(
            "add", "add an item at the bottom (most recent end)",
            details: mutationDetails
                + "\n\nOptimistic adds get a temporary id (tmp-1, tmp-2, … per device), replaced by the server's "
                + "UnixNano id on the next full-state event that contains the item.",
            parameters: [ParameterDoc("text", type: "string", "the item's text")]),
        EntryDoc(
            "toggle", "flip an item's done flag (the server flips whatever it has)", details: mutationDetails,
            parameters: [itemParameter]),
        EntryDoc("open", "mark an item not done", details: mutationDetails, parameters: [itemParameter]),
        EntryDoc("close", "mark an item done", details: mutationDetails, parameters: [itemParameter]),
        EntryDoc(
            "bump", "move an item to the bottom (most recent end); refused on done items",
            details: mutationDetails
                + "\n\nThe bump arrow is hidden on done items: bumping a done item sends nothing and leaves a "
                + "\"bump refused\" trace entry.",
            parameters: [itemParameter]),
        EntryDoc("delete", "delete an item (swipe to delete)", details: mutationDetails, parameters: [itemParameter]),
        EntryDoc(
            "relaunch", "the user kills the app and opens it again",
            details: """
                Seed 002: "No local database — … Items live in memory and come from the server." The \
                stream ends, the list is empty, optimistic edits and temporary ids are gone, and the \
                client starts as at launch: it connects at once (a first connect, not a reconnect), the \
                backoff starts over and the offline indicator's 1.5 s clock starts again. The list stays \
                empty until the first full-state event of the new launch. POSTs already sent still reach \
                the server.
                """),
        EntryDoc(
            "serverMode", "switch the server's behaviour (no device)",
            details: """
                normal: the full state on connect and after every mutation. acceptThenClose: every new \
                stream gets a comment line (its first bytes) and is closed at once, before any event, \
                as a broken proxy or an overloaded backend does (field report 14). Open streams are not \
                affected. Use without "device".
                """,
            parameters: [
                ParameterDoc(
                    "mode", type: "string", "normal | acceptThenClose",
                    schema: ["enum": .array(SSEServer.Mode.allCases.map { .string($0.rawValue) })])
            ]),
    ]
}
