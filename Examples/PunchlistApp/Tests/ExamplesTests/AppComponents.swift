import DisplayIDExample
import Foundation
import PunchlistExample
import SimulateKit

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
enum AppComponents {
    /// The app's Punchlist client, configured as the scenario's `sse` settings say (as the reference
    /// client is), with `adjust` applied last: how the buggy variants are made.
    static func punchlist(
        _ adjust: @escaping @Sendable (inout PunchlistClient.Options) -> Void = { _ in }
    ) -> SSEPlugin {
        SSEPlugin(appClients: [
            "app": .app { environment in
                var options = punchlistOptions(environment.configuration(ofPlugin: "sse"))
                adjust(&options)
                let client = PunchlistClient(
                    http: environment.http, clock: environment.clock, baseURL: URL(string: "http://sse")!,
                    options: options, random: environment.randomNumberGenerator("punchlist"))
                environment.spawn("punchlist client") { await client.run() }
                return client
            }
        ])
    }

    static func punchlistOptions(_ settings: JSON?) -> PunchlistClient.Options {
        var options = PunchlistClient.Options()
        if let delay = duration(settings?["initialDelay"]) { options.initialDelay = delay }
        if let delay = duration(settings?["maxDelay"]) { options.maxDelay = delay }
        if let multiplier = settings?["multiplier"]?.doubleValue { options.multiplier = multiplier }
        if let delay = duration(settings?["offlineIndicatorDelay"]) { options.indicatorDelay = delay }
        if let timeout = duration(settings?["requestTimeout"]) { options.requestTimeout = seconds(timeout) }
        options.jitter = settings?["jitter"]?.stringValue == "full"
        if settings?["backoffReset"]?.stringValue == "firstByte" { options.backoffReset = .firstByte }
        return options
    }

    /// The app's displayId service, configured as the scenario's `counter` settings say.
    static func displayIDs(
        _ adjust: @escaping @Sendable (inout DisplayIDService<AppClock>.Options) -> Void = { _ in }
    ) -> CounterPlugin {
        CounterPlugin(appAllocators: [
            "app": .app { environment in
                let settings = environment.configuration(ofPlugin: "counter")
                var options = DisplayIDService<AppClock>.Options()
                if let attempts = settings?["maxAttempts"]?.intValue { options.maxAttempts = attempts }
                if let policy = settings?["savePolicy"]?.stringValue.flatMap(CloudSavePolicy.init) {
                    options.savePolicy = policy
                }
                if let delay = duration(settings?["backoffInitial"]) { options.backoffInitial = delay }
                if let delay = duration(settings?["backoffMax"]) { options.backoffMax = delay }
                options.honoursRetryAfter = settings?["retryAfter"]?.stringValue != "ignore"
                options.waitsForNetwork = settings?["offline"]?.stringValue == "wait"
                adjust(&options)
                let zone = settings?["zone"]?.stringValue ?? "Counters"
                return DisplayIDService(
                    database: environment.cloudKit,
                    clock: environment.clock, connectivity: environment.connectivity,
                    recordID: CloudRecordID(recordName: "displayId", zoneID: CloudZoneID(zone)), options: options,
                    random: environment.randomNumberGenerator("displayIds"))
            }
        ])
    }

    static func duration(_ value: JSON?) -> Duration? {
        guard let text = value?.stringValue, let nanoseconds = DurationFormat.parse(text) else { return nil }
        return .nanoseconds(nanoseconds)
    }

    static func seconds(_ duration: Duration) -> TimeInterval {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
