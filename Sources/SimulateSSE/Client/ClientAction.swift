import SimulateCore
import SimulateJSON

/// Which item an action is about: its text (the first match in display order) or its index.
enum ItemTarget: Equatable {
    case text(String)
    case index(Int)

    var description: String {
        switch self {
        case .text(let text): JSONWriter.escape(text)
        case .index(let index): "#\(index)"
        }
    }
}

/// A user action on a device: `add {text}` or `<verb> {item}`.
enum ClientAction: Equatable {
    case add(text: String)
    case toggle(ItemTarget)
    case open(ItemTarget)
    case close(ItemTarget)
    case bump(ItemTarget)
    case delete(ItemTarget)

    static let names = ["add", "toggle", "open", "close", "bump", "delete"]

    /// Reads an action's args, reporting problems at their JSON paths; nil when invalid.
    static func read(_ name: String, args: JSON, at path: JSONPath, diagnostics: Diagnostics) -> ClientAction? {
        guard let reader = ObjectReader(args, at: path, diagnostics: diagnostics) else { return nil }
        defer { reader.rejectUnknownKeys() }
        if name == "add" {
            return reader.string("text", required: true).map { .add(text: $0) }
        }
        guard let value = reader.value("item", required: true),
            let target = readTarget(value, at: path / "item", diagnostics: diagnostics)
        else { return nil }
        switch name {
        case "toggle": return .toggle(target)
        case "open": return .open(target)
        case "close": return .close(target)
        case "bump": return .bump(target)
        case "delete": return .delete(target)
        default: return nil
        }
    }

    private static func readTarget(_ value: JSON, at path: JSONPath, diagnostics: Diagnostics) -> ItemTarget? {
        if case .string(let text) = value { return .text(text) }
        guard
            let reader = ObjectReader(
                value, at: path, diagnostics: diagnostics, what: "an item text or {\"index\": N}")
        else { return nil }
        let index = reader.int("index", required: true, range: 0...Int(Int32.max))
        reader.rejectUnknownKeys()
        return index.map { .index($0) }
    }

    var target: ItemTarget? {
        switch self {
        case .add: nil
        case .toggle(let target), .open(let target), .close(let target), .bump(let target), .delete(let target):
            target
        }
    }

    /// The mutation this action sends for an item with this id.
    func mutation(itemID: String) -> Mutation {
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
