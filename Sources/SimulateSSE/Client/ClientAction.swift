import SimulateCore
import SimulateJSON

/// Which item an action is about: its text (the first match in display order) or its index.
package enum ItemTarget: Equatable, Sendable {
    case text(String)
    case index(Int)

    package var description: String {
        switch self {
        case .text(let text): JSONWriter.escape(text)
        case .index(let index): "#\(index)"
        }
    }
}

/// A user action on a device: `add {text}` or `<verb> {item}`.
package enum ClientAction: Equatable, Sendable {
    case add(text: String)
    case toggle(ItemTarget)
    case open(ItemTarget)
    case close(ItemTarget)
    case bump(ItemTarget)
    case delete(ItemTarget)

    /// An item named by its text or, in `{"index": N}`, by its place in the list (0 = top).
    static func readTarget(_ value: JSON, at path: JSONPath, diagnostics: Diagnostics) -> ItemTarget? {
        if case .string(let text) = value { return .text(text) }
        guard
            let reader = ObjectReader(
                value, at: path, diagnostics: diagnostics, what: "an item text or {\"index\": N}")
        else { return nil }
        let index = reader.int("index", required: true, range: 0...Int(Int32.max))
        reader.rejectUnknownKeys()
        return index.map { .index($0) }
    }

    package var target: ItemTarget? {
        switch self {
        case .add: nil
        case .toggle(let target), .open(let target), .close(let target), .bump(let target), .delete(let target):
            target
        }
    }

    /// The mutation this action sends for an item with this id.
    package func mutation(itemID: String) -> Mutation {
        switch self {
        case .add(let text): .add(text: text)
        case .toggle: .toggle(id: itemID)
        case .open: .open(id: itemID)
        case .close: .close(id: itemID)
        case .bump: .bump(id: itemID)
        case .delete: .delete(id: itemID)
        }
    }
}
