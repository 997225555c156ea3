import FuzzSupport
import SimulateCore
import SimulateJSON
import SimulatePlugins

/// Fuzz target for the scenario loader with every built-in plugin: any bytes load or give diagnostics, each
/// with a location, the json-c and Foundation paths agree, and streaming `steps` changes nothing (the same
/// steps or the same diagnostics as a load from the whole tree).
enum ScenarioFuzz {
    static let registry = PluginRegistry(BuiltinPlugins.all)

    static func check(_ bytes: [UInt8]) {
        let outcomes = [JSONBackend.jsonC, .foundation].map { backend in
            Result { () throws(ScenarioError) in
                try ScenarioLoader(registry: registry, backend: backend).load(bytes: bytes)
            }
        }
        let wholeTree = Result { () throws(ScenarioError) in
            try ScenarioLoader(registry: registry).loadWholeTree(bytes: bytes)
        }
        switch (outcomes[0], wholeTree) {
        case (.success(let streamed), .success(let whole)):
            guard Array(streamed.steps) == Array(whole.steps) else { fail("streamed steps differ from the tree's") }
        case (.failure(let a), .failure(let b)):
            guard a.diagnostics.map(\.description) == b.diagnostics.map(\.description) else {
                fail("streamed and whole-tree diagnostics differ:\n\(a.diagnostics)\n\(b.diagnostics)")
            }
        default:
            fail("the streamed load and the whole-tree load disagree")
        }
        switch (outcomes[0], outcomes[1]) {
        case (.success, .success):
            break
        case (.failure(let a), .failure(let b)):
            guard a.diagnostics.map(\.description) == b.diagnostics.map(\.description) else {
                fail("diagnostics differ:\n\(a.diagnostics.map(\.description))\n\(b.diagnostics.map(\.description))")
            }
            guard !a.diagnostics.isEmpty else { fail("an error without diagnostics") }
        default:
            fail("one backend loads the scenario and the other does not")
        }
    }
}
