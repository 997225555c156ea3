import AsyncBugPatterns
import SimulateAsync
import SimulateCore
import SimulateJSON

/// The async bug patterns, one per scenario: which component, which variant.
public enum BugPattern: String, CaseIterable, Sendable {
    case tokenCache, sseReconnect, displayIdAllocator, timeoutRace, lostCancellation, syncDoubleStart,
        settingWrites, lostWakeup, batchUpload, pagedFetch, halfMigration, cancelAll, reconnectRefresh, chunkedDownload,
        draftAutosave,
        contactsImport

    /// The ordering constraints the bug needs (PCT's depth, Burckhardt et al. 2010).
    public var depth: Int {
        switch self {
        case .timeoutRace: 1
        case .batchUpload, .pagedFetch, .halfMigration, .cancelAll, .reconnectRefresh, .chunkedDownload, .draftAutosave,
            .contactsImport:
            2
        case .tokenCache, .sseReconnect, .displayIdAllocator, .lostCancellation, .syncDoubleStart, .settingWrites,
            .lostWakeup:
            2
        }
    }
}

/// `"plugins": {"bugs": {"pattern": "tokenCache", "variant": "buggy"}}`: runs one of the async bug
/// patterns of `Examples/AsyncBugPatterns` as app code under the run, and judges the invariant its
/// bug breaks (`bugs.holds`).
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
public struct BugPatternsPlugin: SimulationPlugin {
    public struct Configuration: PluginArguments {
        public var pattern = BugPattern.tokenCache
        public var variant = Variant.buggy
        public init() {}
        public static let fields: [Field<Self>] = [
            .choice("pattern", \.pattern, required: true, "Which bug pattern's component runs."),
            .choice("variant", \.variant, "buggy: the component with the bug; fixed: its correct twin."),
        ]
    }

    public enum Invariant: PluginEntries {
        case holds
        public static let entries: [Entry<Self>] = [
            .entry("holds", "The invariant the pattern's bug breaks held (each pattern says which).", .holds)
        ]
    }

    public enum Observable: PluginEntries {
        case problems
        public static let entries: [Entry<Self>] = [
            .entry("problems", "How many times the invariant was broken so far.", valueType: "integer", .problems)
        ]
    }

    public init() {}

    public var name: String { "bugs" }
    public var summary: String { "Async bug patterns (actor reentrancy, races) as app code, with correct twins." }

    public func makeRun(configuration: Configuration, context: SimulationContext) -> BugPatternsRun {
        BugPatternsRun(context: context, configuration: configuration)
    }
}

@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
public final class BugPatternsRun: PluginRun {
    let context: SimulationContext
    let configuration: BugPatternsPlugin.Configuration
    let world: BugWorld

    init(context: SimulationContext, configuration: BugPatternsPlugin.Configuration) {
        self.context = context
        self.configuration = configuration
        world = BugWorld(context: context)
    }

    public func start() {
        let variant = configuration.variant
        switch configuration.pattern {
        case .tokenCache: TokenCacheWorkload.start(world, variant)
        case .sseReconnect: ReconnectWorkload.start(world, variant)
        case .displayIdAllocator: AllocatorWorkload.start(world, variant)
        case .timeoutRace: TimeoutRaceWorkload.start(world, variant)
        case .lostCancellation: LogoutWorkload.start(world, variant)
        case .syncDoubleStart: SyncStartWorkload.start(world, variant)
        case .settingWrites: SettingWritesWorkload.start(world, variant)
        case .lostWakeup: QueueWorkload.start(world, variant)
        case .batchUpload: BatchUploadWorkload.start(world, variant)
        case .pagedFetch: PagedFetchWorkload.start(world, variant)
        case .halfMigration: MigrationWorkload.start(world, variant)
        case .cancelAll: CancelAllWorkload.start(world, variant)
        case .reconnectRefresh: ReconnectRefreshWorkload.start(world, variant)
        case .chunkedDownload: ChunkedDownloadWorkload.start(world, variant)
        case .draftAutosave: DraftAutosaveWorkload.start(world, variant)
        case .contactsImport: ContactsImportWorkload.start(world, variant)
        }
    }

    public func finish() {
        for check in world.endChecks { check() }
    }

    public func observe(_ observable: BugPatternsPlugin.Observable, device: Device?) -> JSON {
        JSON(world.problems.count)
    }

    public func evaluate(_ invariant: BugPatternsPlugin.Invariant) -> [Violation] {
        world.problems
    }
}

/// What a workload has: the run, its first device, a clock and `spawn` for the component, and where
/// it writes down what broke. Used on the simulation's thread only.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
final class BugWorld: @unchecked Sendable {
    unowned let context: SimulationContext
    let runtime: SimulationRuntime
    let device: Device
    var problems: [Violation] = []
    var endChecks: [() -> Void] = []

    init(context: SimulationContext) {
        self.context = context
        runtime = SimulationRuntime.of(context)
        device = context.devices[0]
        // The end checks capture the world (and through it the run); dropped when the run ends, whether it
        // finished or broke, so that the run's objects are freed.
        context.addCloser { [weak self] in self?.endChecks.removeAll() }
    }

    var clock: SimulationClock { runtime.clock }

    /// The component's `Spawn`: tasks of the device, inside the simulation.
    var spawn: Spawn {
        { [runtime, device] name, work in runtime.spawn(on: device, name) { await work() } }
    }

    func problem(_ message: String) {
        problems.append(Violation(at: context.now, device: device.id, message: message))
    }

    /// Runs `work` as a task of the device at `time` (from the start of the run).
    func at(_ time: Duration, _ name: String, _ work: @escaping @Sendable () async -> Void) {
        let clock = self.clock
        let deadline = SimulationClock.Instant(.start + VirtualDuration(time))
        runtime.spawn(on: device, name) {
            try await clock.sleep(until: deadline)
            await work()
        }
    }

    /// The virtual time now, in seconds: for messages.
    var nowText: String { DurationFormat.string(context.now) }
}

/// Takes a duration in virtual time from `Swift.Duration`.
extension VirtualDuration {
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
