import SimulateKit
import Testing

/// A scenario that names a component nobody registered is invalid, with file, line, column and path.
@Suite struct ComponentValidationTests {
    static let scenario = """
        {
          "format": 1,
          "name": "unknown client",
          "duration": "1s",
          "devices": [{"id": "phone"}],
          "plugins": {
            "sse": {"client": "mine"},
            "counter": {"allocator": "ours"}
          }
        }
        """

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func unknownNamesAreReportedWhereTheyStand() throws {
        var registry = PluginRegistry(BuiltinPlugins.all)
        registry.register(AppComponents.punchlist())
        let loader = ScenarioLoader(registry: registry)
        #expect {
            _ = try loader.load(bytes: Array(Self.scenario.utf8), file: "mine.json")
        } throws: { error in
            let text = "\(error)"
            return text.contains("mine.json:7:") && text.contains("/plugins/sse/client")
                && text.contains("unknown client \"mine\": expected one of \"reference\", \"app\" (registered)")
                && text.contains("mine.json:8:") && text.contains("/plugins/counter/allocator")
                && text.contains("app components are registered from Swift")
        }
    }
}
