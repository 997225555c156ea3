import SimulateCore
import SimulateJSON

/// The texts of the `sse` plugin's entries; their arguments are declared in SSEEntries.swift, and
/// `simulate list`, `simulate explain` and the editor schema read both from the entries.
enum SSEDocs {
    static let mutationDetails = """
        The request (a POST; DELETE for delete) goes out at once, fire-and-forget, whatever the connection state, through the \
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
                + "UnixNano id on the next full-state event that contains the item."),
        EntryDoc(
            "toggle", "flip an item's done flag (the server flips whatever it has)", details: mutationDetails),
        EntryDoc("open", "mark an item not done", details: mutationDetails),
        EntryDoc("close", "mark an item done", details: mutationDetails),
        EntryDoc(
            "bump", "move an item to the bottom (most recent end); refused on done items",
            details: mutationDetails
                + "\n\nThe bump arrow is hidden on done items: bumping a done item sends nothing and leaves a "
                + "\"bump refused\" trace entry."),
        EntryDoc("delete", "delete an item (swipe to delete)", details: mutationDetails),
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
                """),
    ]
}
