import SimulateCloudKit
import SimulateCore
import SimulateFacades
import SimulateJSON
import SimulateTesting
import Testing

/// A plugin of your own that runs app code on the CloudKit facade reads the server the app wrote to,
/// whether the `counter` plugin (which owns a server of its own) is enabled or not.
@Suite struct OneCloudKitServerTests {
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test(arguments: [false, true])
    func yourPluginReadsWhatTheAppSaved(withCounter: Bool) throws {
        let plugins = withCounter ? #"{"saver": {}, "counter": {}}"# : #"{"saver": {}}"#
        let scenario = try ScenarioLoader(registry: ScenarioHarness(plugins: [SaverPlugin()]).registry).load(
            text: """
                {"format": 1, "name": "one server", "duration": "10s", "devices": [{"id": "phone"}],
                 "plugins": \(plugins), "expect": [{"invariant": "saver.onTheServer"}]}
                """)
        let outcome = ScenarioHarness(plugins: [SaverPlugin()]).run(scenario)
        #expect(outcome.passed, "\(outcome.failures.map(\.message))")
    }
}

/// Starts app code that saves one record through the device's `SimulatedCloudKitDatabase`; its invariant
/// looks for the record on ``CloudKitRecordServer/forRun(_:)``.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
private struct SaverPlugin: SimulationPlugin {
    struct Configuration: PluginArguments {
        static let fields: [Field<Self>] = []
    }
    enum Action: PluginEntries { static let entries: [Entry<Self>] = [] }
    enum Invariant: PluginEntries {
        case onTheServer
        static let entries: [Entry<Self>] = [.entry("onTheServer", "The app's record is on the server.", .onTheServer)]
    }
    enum Observable: PluginEntries { static let entries: [Entry<Self>] = [] }

    var name: String { "saver" }
    var summary: String { "App code saves a record." }

    func makeRun(configuration: Configuration, context: SimulationContext) -> SaverRun { SaverRun(context: context) }
}

@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
private final class SaverRun: PluginRun {
    let context: SimulationContext
    var server: CloudKitRecordServer?
    let recordID = CloudRecordID(recordName: "note-1")

    init(context: SimulationContext) { self.context = context }

    func start() {
        server = CloudKitRecordServer.forRun(context)
        let environment = AppEnvironment(context: context, device: context.devices[0])
        let database = environment.cloudKit
        let record = CloudRecord(recordType: "Note", recordID: recordID, fields: ["title": .string("milk")])
        environment.spawn("save") {
            _ = try await database.modifyRecords(
                saving: [record], deleting: [], savePolicy: .allKeys, atomically: true)
        }
    }

    func perform(_ action: SaverPlugin.Action, device: Device?) {}
    func observe(_ observable: SaverPlugin.Observable, device: Device?) -> JSON { .null }

    func evaluate(_ invariant: SaverPlugin.Invariant) -> [Violation] {
        server?.record(recordID) == nil ? [Violation(at: context.now, message: "the record is not on the server")] : []
    }
}
