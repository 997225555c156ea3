import SimulateCore
import SimulateJSON

/// What an `sse` step does: a user action on a device, or a switch of the server's behaviour.
public struct SSEAction: PluginEntries {
    enum Kind {
        case client(ClientAction)
        case serverMode(SSEServer.Mode)
        case relaunch
    }

    let kind: Kind

    public static let entries: [Entry<Self>] = SSEDocs.actions.map { doc in
        let name = doc.name
        if name == "relaunch" {
            return .entry(doc, device: .required(role: "is a user action on a device")) { args, path, diagnostics in
                NoArguments.decode(args, at: path, diagnostics: diagnostics).map { _ in SSEAction(kind: .relaunch) }
            }
        }
        if name == "serverMode" {
            return .entry(doc, device: .forbidden()) { args, path, diagnostics in
                SSEPlugin.serverMode(args, at: path, diagnostics: diagnostics).map { SSEAction(kind: .serverMode($0)) }
            }
        }
        return .entry(doc, device: .required(role: "is a user action on a device")) { args, path, diagnostics in
            ClientAction.read(name, args: args, at: path, diagnostics: diagnostics).map { SSEAction(kind: .client($0)) }
        }
    }
}

/// An `sse` invariant with its arguments.
public struct SSEInvariant: PluginEntries {
    let name: String
    let arguments: InvariantArguments

    public static let entries: [Entry<Self>] = SSEDocs.invariants.map { doc in
        let name = doc.name
        return .entry(doc) { args, path, diagnostics in
            SSEInvariant(name: name, arguments: InvariantArguments.read(name, args, at: path, diagnostics: diagnostics))
        }
    }
}

/// An `sse` observable with its arguments.
public struct SSEObservable: PluginEntries {
    let name: String
    let arguments: InvariantArguments

    public static let entries: [Entry<Self>] = SSEDocs.observables.map { doc in
        let name = doc.name
        return .entry(doc, device: doc.perDevice ? .required() : .optional) { args, path, diagnostics in
            SSEObservable(
                name: name, arguments: InvariantArguments.read(name, args, at: path, diagnostics: diagnostics))
        }
    }
}
