import SimulateCore

/// One mutation the client sends to the backend: a POST to `/ko`, or for a delete a DELETE
/// (seed 002: "swipe-to-delete (native gesture, maps to DELETE endpoint)"). The item is named by its id.
package enum Mutation: Equatable, Sendable {
    case add(text: String)
    case toggle(id: String)
    case open(id: String)
    case close(id: String)
    case bump(id: String)
    case delete(id: String)

    /// The action's name, as in `sse.<name>` steps.
    package var name: String {
        switch self {
        case .add: "add"
        case .toggle: "toggle"
        case .open: "open"
        case .close: "close"
        case .bump: "bump"
        case .delete: "delete"
        }
    }

    /// The HTTP method: DELETE for a delete, POST for everything else.
    var method: String {
        if case .delete = self { return "DELETE" }
        return "POST"
    }

    package var itemID: String? {
        switch self {
        case .add: nil
        case .toggle(let id), .open(let id), .close(let id), .bump(let id), .delete(let id): id
        }
    }
}

/// The backend's answer to a mutation request.
package enum MutationReply: Equatable, Sendable {
    /// 200: applied; the new state goes out to every stream.
    case applied(version: Int)
    /// 404: the request named an item the server does not have; nothing changed.
    case unknownItem
}

/// What the server did with one mutation, for invariants.
struct ServerReceipt {
    var time: VirtualInstant
    /// The state version the mutation produced; nil when it named an unknown item.
    var version: Int?
}
