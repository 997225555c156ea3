import SimulateKit
import Testing

/// The plugins the examples register their app code into keep the plugin contract, with the app
/// component selected as the bundled scenarios select it.
@Suite struct ExamplePluginConformanceTests {
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func thePunchlistClientPluginConforms() {
        PluginConformance.expectConforms(AppComponents.punchlist(), configuration: ["client": "app"])
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func theDisplayIDAllocatorPluginConforms() {
        PluginConformance.expectConforms(AppComponents.displayIDs(), configuration: ["allocator": "app"])
    }
}
