import SimulateCloudKit
import SimulateCore
import SimulateFacades
import SimulateJSON
import SimulateTesting
import Testing

/// App code learns, through the CloudKit facade's `databaseChanges(since:)`, that the user purged its zone (a
/// `userDeletedZone` fault) or that it was deleted (`zoneNotFound`), with the reason Apple's API gives.
@Suite struct DatabaseChangesFacadeTests {
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test(arguments: [("userDeletedZone", "purged"), ("zoneNotFound", "deleted")])
    func theAppSeesItsZoneGoWithTheReason(fault: String, reason: String) throws {
        let harness = ScenarioHarness(plugins: [ZoneWatchPlugin()])
        let scenario = try ScenarioLoader(registry: harness.registry).load(
            text: """
                {"format": 1, "name": "zone watch", "duration": "20s", "devices": [{"id": "phone"}],
                 "plugins": {"zonewatch": {}},
                 "faults": [{"kind": "serverError", "server": "cloudkit", "error": "\(fault)", "at": "5s", "for": "1s"}],
                 "expect": [{"at": "end", "check": "zonewatch.seen", "equals": "Notes:modified page:2+more Notes:\(reason)"}]}
                """)
        let outcome = harness.run(scenario)
        #expect(outcome.passed, "\(outcome.failures.map(\.message))")
        // The app's CloudKit traffic is on its device's track, for a failure's timeline.
        let traced = SimulationRunner(registry: harness.registry).run(scenario, seed: 0, keepsTrace: true).trace
        let answers = traced.filter { $0.track == "phone" && $0.category == "cloudkit" }.map {
            "\($0.name): \($0.detail)"
        }
        #expect(answers.contains("zone changes Notes: 2 changed, 0 deleted, more coming"), "\(answers)")
        #expect(answers.contains("database changes: modified: ; deleted: Notes (\(reason))"), "\(answers)")
    }
}

/// Makes zone `Notes` at the start, reads database changes, a page of two of its three records' changes, then
/// database changes again at 10 s with the first token; its observable `seen` lists what the reads said.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
private struct ZoneWatchPlugin: SimulationPlugin {
    struct Configuration: PluginArguments {
        static let fields: [Field<Self>] = []
    }
    enum Action: PluginEntries { static let entries: [Entry<Self>] = [] }
    enum Invariant: PluginEntries { static let entries: [Entry<Self>] = [] }
    enum Observable: PluginEntries {
        case seen
        static let entries: [Entry<Self>] = [.entry("seen", "What the app's database-change reads said.", .seen)]
    }

    var name: String { "zonewatch" }
    var summary: String { "App code watches its zone through database changes." }
    var serverErrors: [ServerErrorDoc] { CloudKitServerError.documentation }

    func makeRun(configuration: Configuration, context: SimulationContext) -> ZoneWatchRun {
        ZoneWatchRun(context: context)
    }
}

@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
private final class ZoneWatchRun: PluginRun, @unchecked Sendable {
    let context: SimulationContext
    var seen: [String] = []

    init(context: SimulationContext) { self.context = context }

    func start() {
        let environment = AppEnvironment(context: context, device: context.devices[0])
        let (database, clock) = (environment.cloudKit, environment.clock)
        environment.spawn("watch") { [self] in
            _ = try await database.modifyRecordZones(saving: [CloudZone(zoneID: CloudZoneID("Notes"))], deleting: [])
            let first = try await database.databaseChanges(since: nil)
            seen += first.modifiedZoneIDs.map { "\($0.zoneName):modified" }
            let notes = (1...3).map {
                CloudRecord(
                    recordType: "Note", recordID: CloudRecordID(recordName: "n\($0)", zoneID: CloudZoneID("Notes")))
            }
            _ = try await database.modifyRecords(saving: notes, deleting: [], savePolicy: .allKeys, atomically: true)
            let page = try await database.recordZoneChanges(
                inZoneWith: CloudZoneID("Notes"), since: nil, resultsLimit: 2)
            seen.append("page:\(page.changedRecords.count)" + (page.moreComing ? "+more" : ""))
            try await clock.sleep(until: clock.now.advanced(by: .seconds(10)))
            let second = try await database.databaseChanges(since: first.token)
            seen += second.deletions.map { "\($0.zoneID.zoneName):\($0.reason.rawValue)" }
            seen += second.modifiedZoneIDs.map { "\($0.zoneName):modified" }
        }
    }

    func perform(_ action: ZoneWatchPlugin.Action, device: Device?) {}
    func observe(_ observable: ZoneWatchPlugin.Observable, device: Device?) -> JSON {
        .string(seen.joined(separator: " "))
    }
    func evaluate(_ invariant: ZoneWatchPlugin.Invariant) -> [Violation] { [] }
}
