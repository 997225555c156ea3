import AsyncBugPatterns
import Foundation
import SimulateAsync
import SimulateCore

/// The user taps the notifications switch twice in a row at 3 s (on, then off). Invariant: at the
/// end, the server's value is the one the screen shows.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
enum SettingWritesWorkload {
    static func start(_ world: BugWorld, _ variant: Variant) {
        let server = FakeSettingsServer(world: world)
        let log = TapLog()
        let toggle: any SettingToggle =
            switch variant {
            case .buggy: WriteThroughToggle(api: server, log: log)
            case .fixed: VersionedToggle(api: server, log: log)
            }
        world.at(.seconds(3), "tap on") { await toggle.set(true) }
        world.at(.seconds(3), "tap off") { await toggle.set(false) }
        world.at(.seconds(10), "check") {
            let shown = await toggle.value
            if shown != server.value {
                world.problem(
                    "the screen shows \(shown ? "on" : "off"), the server keeps \(server.value ? "on" : "off")")
            }
        }
    }
}

@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
final class FakeSettingsServer: SettingsAPI, @unchecked Sendable {
    let world: BugWorld
    var value = false
    var version = 0
    init(world: BugWorld) { self.world = world }

    func put(enabled: Bool, version: Int) async throws {
        try await world.clock.sleep(for: .milliseconds(80))
        if version == 0 || version > self.version {
            value = enabled
            self.version = version
        }
        try await world.clock.sleep(for: .milliseconds(80))
    }
}

actor TapLog: ActivityLog, QueueLog {
    private var events: [String] = []
    func record(_ event: String) { events.append(event) }
    func note(_ event: String) { events.append(event) }
}
