import SimulateKit
import Testing

/// The plugins the examples register their app code into keep the plugin contract, with the app
/// component selected as the bundled scenarios select it.
@Suite struct ExamplePluginConformanceTests {
    @Test func thePunchlistClientPluginConforms() {
        PluginConformance.expectConforms(AppComponents.punchlist(), configuration: ["client": "app"])
    }

    @Test func theDisplayIDAllocatorPluginConforms() {
        PluginConformance.expectConforms(AppComponents.displayIDs(), configuration: ["allocator": "app"])
    }
}
