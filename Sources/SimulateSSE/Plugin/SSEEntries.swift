import SimulateCore
import SimulateJSON

/// What an `sse` step does: a user action on a device, or a switch of the server's behaviour.
public struct SSEAction: PluginEntries {
    package enum Kind: Equatable, Sendable {
        case client(ClientAction)
        case serverMode(SSEServerMode)
        case relaunch
    }

    package let kind: Kind

    /// `add`'s arguments.
    struct Add: PluginArguments {
        var text = ""
        static let fields: [Field<Self>] = [.string("text", \.text, required: true, "the item's text")]
    }

    /// The arguments of an action on one item.
    struct Item: PluginArguments {
        var target = ItemTarget.index(0)
        static let fields: [Field<Self>] = [
            .custom(
                "item", \.target, type: "item", default: nil,
                schema: [
                    "oneOf": [
                        ["type": "string"],
                        [
                            "type": "object", "required": ["index"], "additionalProperties": false,
                            "properties": ["index": ["type": "integer", "minimum": 0]],
                        ],
                    ]
                ], "the item's text (first match in display order) or {\"index\": N} (0 = top)",
                read: ClientAction.readTarget)
        ]
    }

    /// `serverMode`'s arguments.
    struct ServerMode: PluginArguments {
        var mode = SSEServerMode.normal
        static let fields: [Field<Self>] = [.choice("mode", \.mode, required: true, "normal | acceptThenClose")]
    }

    private static let userAction = DeviceUse.required(role: "is a user action on a device")

    private static func item(_ name: String, _ make: @escaping @Sendable (ItemTarget) -> ClientAction) -> Entry<Self> {
        .entry(doc(name), device: userAction, arguments: Item.self) { SSEAction(kind: .client(make($0.target))) }
    }

    private static func doc(_ name: String) -> EntryDoc {
        guard let doc = SSEDocs.actions.first(where: { $0.name == name }) else {
            preconditionFailure("sse.\(name) has no documentation")
        }
        return doc
    }

    public static let entries: [Entry<Self>] = [
        .entry(doc("add"), device: userAction, arguments: Add.self) { SSEAction(kind: .client(.add(text: $0.text))) },
        item("toggle", ClientAction.toggle),
        item("open", ClientAction.open),
        item("close", ClientAction.close),
        item("bump", ClientAction.bump),
        item("delete", ClientAction.delete),
        .entry(doc("relaunch"), device: userAction, SSEAction(kind: .relaunch)),
        .entry(doc("serverMode"), device: .forbidden(), arguments: ServerMode.self) {
            SSEAction(kind: .serverMode($0.mode))
        },
    ]
}
