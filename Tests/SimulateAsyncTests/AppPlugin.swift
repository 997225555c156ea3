import SimulateAsync
import SimulateCore
import SimulateJSON

/// A test plugin that starts async app code on the run's runtime when the run starts, and reports
/// what the code wrote down as the observable `log` (one line per entry) and the invariant `holds`.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
struct AppPlugin: SimulationPlugin {
    typealias Start = @Sendable (SimulationRuntime, SimulationContext, AppLog) -> Void

    let start: Start

    enum Invariant: PluginEntries {
        case holds
        static let entries: [Entry<Self>] = [.entry("holds", "The app code found nothing wrong.", .holds)]
    }

    enum Observable: PluginEntries {
        case log
        static let entries: [Entry<Self>] = [.entry("log", "What the app code wrote down.", .log)]
    }

    var name: String { "app" }
    var summary: String { "Runs async test code under the simulation." }

    func makeRun(configuration: NoArguments, context: SimulationContext) -> AppRun {
        AppRun(context: context, start: start)
    }
}

/// What app code under test writes down; used on the simulation's thread only.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
final class AppLog: @unchecked Sendable {
    var lines: [String] = []
    var problems: [String] = []
    var value = 0
}

@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
final class AppRun: PluginRun {
    let context: SimulationContext
    let startApp: AppPlugin.Start
    let log = AppLog()

    init(context: SimulationContext, start: @escaping AppPlugin.Start) {
        self.context = context
        startApp = start
    }

    func start() {
        startApp(SimulationRuntime.of(context), context, log)
    }

    func observe(_ observable: AppPlugin.Observable, device: Device?) -> JSON {
        .string(log.lines.joined(separator: "\n"))
    }

    func evaluate(_ invariant: AppPlugin.Invariant) -> [Violation] {
        log.problems.map { Violation(at: context.now, message: $0) }
    }

    func statistics() -> JSON? {
        var object = JSONObject()
        object["value"] = .integer(Int64(log.value))
        object["log"] = .array(log.lines.map { .string($0) })
        return .object(object)
    }
}

@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
enum App {
    /// Runs `start` under a scenario with the given devices and duration; returns the result and the log.
    static func run(
        devices: [String] = ["phone"], duration: String = "60s", seed: UInt64 = 0, keepsTrace: Bool = false,
        _ start: @escaping AppPlugin.Start
    ) throws -> RunResult {
        let registry = PluginRegistry([AppPlugin(start: start)])
        let deviceList = devices.map { "{\"id\": \"\($0)\"}" }.joined(separator: ", ")
        let scenario = try ScenarioLoader(registry: registry).load(
            text: """
                {"format": 1, "name": "async app", "duration": "\(duration)", "devices": [\(deviceList)],
                 "plugins": {"app": {}}}
                """)
        return SimulationRunner(registry: registry).run(scenario, seed: seed, keepsTrace: keepsTrace)
    }
}
