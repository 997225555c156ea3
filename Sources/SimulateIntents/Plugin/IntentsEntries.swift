import SimulateCore
import SimulateJSON

/// What an `intents` step does, read once from its `args`.
public struct IntentsAction: PluginEntries {
    enum Kind {
        case call(intent: String, input: String)
        case fuzz(count: Int, intent: IntentName?, kinds: [FuzzKind])
    }

    let kind: Kind

    public static let entries: [Entry<Self>] = IntentsDocs.actions.map { doc in
        let name = doc.name
        return .entry(doc, device: .required()) { args, path, diagnostics in
            guard let reader = ObjectReader(args, at: path, diagnostics: diagnostics) else { return nil }
            defer { reader.rejectUnknownKeys() }
            if name == "call" {
                let intent = reader.string("intent", required: true)
                let input = reader.string("input", required: true)
                guard let intent, let input else { return nil }
                return IntentsAction(kind: .call(intent: intent, input: input))
            }
            let count = reader.int("count", range: 1...100_000) ?? 100
            let intent = reader.choice("intent", IntentName.allCases.map(\.rawValue)).flatMap(IntentName.init)
            let kinds = reader.value("kinds").map { readKinds($0, at: path / "kinds", diagnostics) }
            return IntentsAction(kind: .fuzz(count: count, intent: intent, kinds: kinds ?? FuzzKind.allCases))
        }
    }

    private static func readKinds(_ kinds: JSON, at path: JSONPath, _ diagnostics: Diagnostics) -> [FuzzKind] {
        guard let items = kinds.arrayValue, !items.isEmpty else {
            diagnostics.error("expected a non-empty array of fuzz kinds", at: path)
            return []
        }
        var kinds: [FuzzKind] = []
        for (index, item) in items.enumerated() {
            guard let kind = item.stringValue.flatMap(FuzzKind.init) else {
                diagnostics.error(
                    "unknown fuzz kind \(JSONWriter.string(item)) (kinds: "
                        + FuzzKind.allCases.map(\.rawValue).joined(separator: ", ") + ")", at: path / index)
                continue
            }
            kinds.append(kind)
        }
        return kinds
    }
}

/// An `intents` invariant with its arguments.
public struct IntentsInvariant: PluginEntries {
    let name: String
    let allowPending: Bool

    public static let entries: [Entry<Self>] = IntentsDocs.invariants.map { doc in
        let name = doc.name
        return .entry(doc) { args, path, diagnostics in
            guard let reader = ObjectReader(args, at: path, diagnostics: diagnostics) else { return nil }
            let allowPending = name == "jsonOut" ? reader.bool("allowPending") ?? false : false
            reader.rejectUnknownKeys()
            return IntentsInvariant(name: name, allowPending: allowPending)
        }
    }
}

/// An `intents` observable.
public struct IntentsObservable: PluginEntries {
    let name: String

    public static let entries: [Entry<Self>] = IntentsDocs.observables.map { doc in
        let name = doc.name
        return .entry(doc, device: doc.perDevice ? .required() : .optional) { args, path, diagnostics in
            NoArguments.decode(args, at: path, diagnostics: diagnostics).map { _ in IntentsObservable(name: name) }
        }
    }
}
