import AsyncBugPatterns
import SimulateCore
import SimulateJSON

/// Runs the bug patterns' scenarios in this process: for the tests and `bug-patterns-bench`.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
public enum BugPatternRuns {
    /// A registry with the `bugs` plugin only.
    public static var registry: PluginRegistry { PluginRegistry([BugPatternsPlugin()]) }

    /// The scenario file's name (without `.json`) of a pattern's variant under `Examples/AsyncBugPatterns`.
    public static func fileName(_ pattern: BugPattern, _ variant: Variant) -> String {
        let base =
            switch pattern {
            case .tokenCache: "token-cache"
            case .sseReconnect: "sse-reconnect"
            case .displayIdAllocator: "display-id-allocator"
            case .timeoutRace: "timeout-race"
            case .lostCancellation: "lost-cancellation"
            case .syncDoubleStart: "sync-double-start"
            case .settingWrites: "setting-writes"
            case .lostWakeup: "lost-wakeup"
            case .batchUpload: "batch-upload"
            case .pagedFetch: "paged-fetch"
            case .halfMigration: "half-migration"
            case .cancelAll: "cancel-all"
            case .reconnectRefresh: "reconnect-refresh"
            case .chunkedDownload: "chunked-download"
            case .draftAutosave: "draft-autosave"
            case .contactsImport: "contacts-import"
            }
        return variant == .buggy ? base : base + "-fixed"
    }

    /// Loads the pattern's scenario from `directory` (the package's `Examples/AsyncBugPatterns`).
    public static func scenario(_ pattern: BugPattern, _ variant: Variant, directory: String) throws -> Scenario {
        try ScenarioLoader(registry: registry).load(file: directory + "/" + fileName(pattern, variant) + ".json")
    }

    /// The number of schedules (runs with seeds `start`, `start + 1`, …, each under the scenario's
    /// strategy as written) up to and including the first that fails, or nil when none of `cap` fails.
    public static func schedulesToFailure(
        _ scenario: Scenario, start: UInt64, cap: Int, runner: SimulationRunner = SimulationRunner(registry: registry)
    ) -> Int? {
        for index in 0..<cap {
            let result = runner.run(scenario, seed: start &+ UInt64(index), keepsTrace: false)
            if !result.passed { return index + 1 }
        }
        return nil
    }

    /// The same count as `simulate explore` makes it: `pct:D` and `delay:K` without `N` draw their points
    /// over the most choices an earlier run made (`ScheduleExplorer`).
    public static func exploredSchedulesToFailure(
        _ scenario: Scenario, strategy: ScheduleStrategy, start: UInt64, cap: Int
    ) -> Int? {
        let exploration = ScheduleExplorer(registry: registry).explore(
            scenario, strategy: strategy, runs: cap, firstSeed: start)
        return exploration.failure == nil ? nil : exploration.runs
    }
}
