import DisplayIDExample
import Foundation
import PunchlistExample
import SimulateKit
import TaskIntentsExample

// How an app team puts its own code under the bundled scenarios: conform the component to the
// plugin's observation protocol, register a factory under a name, and select that name.

@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
extension PunchlistClient: PunchlistClientComponent {
    public var shownItems: [PunchItem] {
        items.map { PunchItem(id: $0.id, text: $0.text, done: $0.done, created: $0.created) }
    }
}

@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
extension DisplayIDService: DisplayIDAllocatorComponent {}

@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
extension TaskIntents: AppIntentsComponent {}

@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
enum AppComponents {
    /// The app's Punchlist client with its own default options (never the scenario's settings for
    /// the reference client), with `adjust` applied: how the buggy variants are made.
    static func punchlist(
        _ adjust: @escaping @Sendable (inout PunchlistClient.Options) -> Void = { _ in }
    ) -> SSEPlugin {
        SSEPlugin(appClients: [
            "app": .app { environment in
                var options = PunchlistClient.Options()
                adjust(&options)
                let client = PunchlistClient(
                    http: environment.http, clock: environment.clock, baseURL: URL(string: "http://sse")!,
                    options: options, random: environment.randomNumberGenerator("punchlist"),
                    lifecycle: environment.lifecycle)
                environment.spawn("punchlist client") { await client.run() }
                return client
            }
        ])
    }

    /// The app's displayId service with its own default options, with `adjust` applied. The zone is
    /// the scenario's (`counter.zone`): where the app keeps its counter record, not a client setting.
    static func displayIDs(
        _ adjust: @escaping @Sendable (inout DisplayIDService<AppClock>.Options) -> Void = { _ in }
    ) -> CounterPlugin {
        CounterPlugin(appAllocators: [
            "app": .app { environment in
                var options = DisplayIDService<AppClock>.Options()
                adjust(&options)
                return displayIDService(environment, options: options)
            }
        ])
    }

    /// The app's displayId service on a device, over its CloudKit facade, in the scenario's counter zone.
    static func displayIDService(
        _ environment: AppEnvironment, options: DisplayIDService<AppClock>.Options = .init()
    ) -> DisplayIDService<AppClock> {
        let zone = environment.configuration(ofPlugin: "counter")?["zone"]?.stringValue ?? CounterRecord.defaultZone
        return DisplayIDService(
            database: environment.cloudKit, clock: environment.clock, connectivity: environment.connectivity,
            recordID: CounterRecord.recordID(zone: zone), options: options,
            random: environment.randomNumberGenerator("displayIds"))
    }

    /// The app's App Intents with their own default options, with `adjust` applied; their displayIds come
    /// from the app's displayId service. The input limit is the scenario's (`intents.maxInputBytes`): the
    /// fuzz inputs are sized by it.
    static func taskIntents(
        _ adjust: @escaping @Sendable (inout TaskIntents<AppClock>.Options) -> Void = { _ in }
    ) -> IntentsPlugin {
        IntentsPlugin(appIntents: [
            "app": .app { environment in
                var options = TaskIntents<AppClock>.Options()
                if let limit = environment.configuration(ofPlugin: "intents")?["maxInputBytes"]?.intValue {
                    options.maxInputBytes = limit
                }
                adjust(&options)
                let displayIDs = displayIDService(environment)
                return TaskIntents(clock: environment.clock, options: options) {
                    try await displayIDs.nextDisplayID()
                }
            }
        ])
    }
}
