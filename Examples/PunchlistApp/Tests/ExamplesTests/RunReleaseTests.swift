import DisplayIDExample
import Foundation
import PunchlistExample
import SimulateKit
import Testing

/// A run lets go of the app's objects when it ends: the client or service the factory made, and with it
/// the run (its context, runtime, network). Kept alive, every run of a sweep would stay in memory: before
/// the stream's callbacks were let go at its close, a cancelled event stream whose server had not heard of
/// the close (an outage) held the whole run, about 36 KB a run, 1.4 GB for a 10,000-seed sweep.
@Suite struct RunReleaseTests {
    static let seeds: Range<UInt64> = 0..<2

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test(arguments: ScenarioSuite.files(in: "Scenarios/sse"))
    func thePunchlistClientIsFreedAfterEachRun(_ file: ScenarioFile) {
        let made = WeakObjects()
        let plugin = SSEPlugin(appClients: [
            "app": .app { environment in
                let client = PunchlistClient(
                    http: environment.http, clock: environment.clock, baseURL: URL(string: "http://sse")!,
                    random: environment.randomNumberGenerator("punchlist"), lifecycle: environment.lifecycle)
                environment.spawn("punchlist client") { await client.run() }
                made.add(client)
                return client
            }
        ])
        Self.expectFreed(file, plugin: plugin, setting: ["sse": ["client": "app"]], made: made)
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test(arguments: ScenarioSuite.files(in: "Scenarios/counter"))
    func theDisplayIDServiceIsFreedAfterEachRun(_ file: ScenarioFile) {
        let made = WeakObjects()
        let plugin = CounterPlugin(appAllocators: [
            "app": .app { environment in
                let service = AppComponents.displayIDService(environment)
                made.add(service)
                return service
            }
        ])
        Self.expectFreed(file, plugin: plugin, setting: ["counter": ["allocator": "app"]], made: made)
    }

    static func expectFreed(
        _ file: ScenarioFile, plugin: any SimulationPlugin, setting: [String: JSONObject], made: WeakObjects
    ) {
        let harness = ScenarioHarness(plugins: [plugin])
        for seed in seeds {
            let outcome = harness.run(file, seed: seed, setting: setting)
            #expect(outcome.result != nil, "\(file.displayPath) seed \(seed) did not run")
        }
        #expect(made.alive == 0, "\(file.displayPath): \(made.alive) of \(made.count) app objects outlived their run")
    }
}

/// Weak references to the objects the factories made (factories run on the run's thread; the lock is for
/// Swift's `Sendable` checks).
final class WeakObjects: @unchecked Sendable {
    private struct Weak {
        weak var object: AnyObject?
    }

    private let lock = NSLock()
    private var objects: [Weak] = []

    func add(_ object: AnyObject) { lock.withLock { objects.append(Weak(object: object)) } }
    var count: Int { lock.withLock { objects.count } }
    var alive: Int { lock.withLock { objects.filter { $0.object != nil }.count } }
}
