import SimulateJSON

/// A point in virtual time: an instant of the run, or the end of the run.
public enum TimePoint: Sendable, Equatable {
    /// An instant of the run, counted from its start.
    case at(VirtualInstant)
    /// The end of the run (`"at": "end"`).
    case end

    /// The instant, at most `runEnd`.
    public func instant(runEnd: VirtualInstant) -> VirtualInstant {
        switch self {
        case .at(let time): min(time, runEnd)
        case .end: runEnd
        }
    }

    /// As a scenario writes it: a duration such as `2.5s`, or `end`.
    public var text: String {
        switch self {
        case .at(let time): DurationFormat.string(time)
        case .end: "end"
        }
    }
}

/// `{"every": "30s", "count": 20}`: `count` occurrences in all, the first at `at`.
public struct Repeat: Sendable, Equatable {
    /// The time between two occurrences.
    public var every: VirtualDuration
    /// How many occurrences in all, the first included (at least 1).
    public var count: Int

    /// `count` occurrences, `every` apart.
    public init(every: VirtualDuration, count: Int) {
        self.every = every
        self.count = count
    }
}

/// A device of the scenario: `{"id": "phone", "platform": "iOS", "clockSkew": "2s"}`.
public struct DeviceSpec: Sendable, Equatable {
    /// The name steps, faults and checks use for it (unique in the scenario).
    public var id: String
    /// The platform it runs (iOS by default).
    public var platform: Platform
    /// How far its wall clock is from the run's virtual time (positive: ahead).
    public var clockSkew: VirtualDuration
    /// The app runs in Simulator: push notifications do not arrive (seed 000).
    public var simulator: Bool

    /// A device; by default an iOS device with an exact clock, not in Simulator.
    public init(id: String, platform: Platform = .iOS, clockSkew: VirtualDuration = .zero, simulator: Bool = false) {
        self.simulator = simulator
        self.id = id
        self.platform = platform
        self.clockSkew = clockSkew
    }
}

/// A network or server fault: `{"at": "10s", "for": "5s", "device": "phone", "fault": "offline"}`.
public struct FaultSpec: Sendable, Equatable {
    /// When the fault starts.
    public var at: TimePoint
    /// `"for"`; nil: until the end of the run.
    public var duration: VirtualDuration?
    /// nil: every device.
    public var devices: [String]?
    /// What the fault does.
    public var kind: FaultKind
    /// `latency` faults: the latency (fixed or a range) while the fault lasts.
    public var latency: LatencyRange?
    /// `loss` faults: the chance that a message is lost, from 0 to 1.
    public var loss: Double?
    /// `serverRestart`: the plugin whose server restarts.
    public var plugin: String?
    /// `serverError`: the server's network name (`cloudkit`) and the error's name.
    public var server: String?
    /// `serverError`: the error the server answers (one the plugin documents in `serverErrors`).
    public var error: String?
    /// Repeats the fault: `count` occurrences, `every` apart.
    public var `repeat`: Repeat?
    /// Where the fault is in the scenario file, for errors and reports.
    public var path: JSONPath

    /// A fault; see the members for what each argument means.
    public init(
        at: TimePoint, for duration: VirtualDuration? = nil, devices: [String]? = nil, kind: FaultKind,
        latency: LatencyRange? = nil, loss: Double? = nil, plugin: String? = nil, server: String? = nil,
        error: String? = nil, repeat: Repeat? = nil, path: JSONPath = .root
    ) {
        self.at = at
        self.duration = duration
        self.devices = devices
        self.kind = kind
        self.latency = latency
        self.loss = loss
        self.plugin = plugin
        self.server = server
        self.error = error
        self.repeat = `repeat`
        self.path = path
    }
}

/// An enabled plugin: the member `plugins.<name>` and its configuration object.
public struct PluginSpec: Sendable, Equatable {
    /// The plugin's name in the registry.
    public var name: String
    /// The configuration as written (the plugin decodes it).
    public var configuration: JSON
    /// Where the configuration is in the scenario file, for errors.
    public var path: JSONPath

    /// A plugin enabled with its configuration (`{}` by default: every member at its default).
    public init(name: String, configuration: JSON = .object(JSONObject()), path: JSONPath = .root) {
        self.name = name
        self.configuration = configuration
        self.path = path
    }
}

/// A timed action: `{"at": "2s", "device": "phone", "do": "sse.add", "args": {"text": "milk"}}`.
public struct StepSpec: Sendable, Equatable {
    /// When the step runs (its first occurrence, when it repeats).
    public var at: TimePoint
    /// The device it runs on; nil for an action that needs none.
    public var device: String?
    /// The plugin of `do`: `sse` in `sse.add`.
    public var plugin: String
    /// The action of `do`: `add` in `sse.add`.
    public var action: String
    /// Repeats the step: `count` occurrences, `every` apart.
    public var `repeat`: Repeat?
    /// Where the step is in the scenario file, for errors and reports.
    public var path: JSONPath
    private var arguments: Arguments

    /// A step loaded from a file keeps where its arguments are in the file, and parses them when they are read.
    enum Arguments: Sendable {
        case value(JSON)
        case source(JSONSourceValue)
    }

    /// A step; `action` is the qualified name (`"sse.add"`) and `args` the arguments object.
    public init(
        at: TimePoint, device: String?, do action: String, args: JSON = .object(JSONObject()), repeat: Repeat? = nil,
        path: JSONPath = .root
    ) {
        let parts = QualifiedName.split(action)
        self.init(
            at: at, device: device, plugin: parts.map { String($0.plugin) } ?? "",
            action: parts.map { String($0.name) } ?? action, arguments: .value(args), repeat: `repeat`, path: path)
    }

    init(
        at: TimePoint, device: String?, plugin: String, action: String, arguments: Arguments, repeat: Repeat?,
        path: JSONPath
    ) {
        self.at = at
        self.device = device
        self.plugin = plugin
        self.action = action
        self.arguments = arguments
        self.repeat = `repeat`
        self.path = path
    }

    /// The `args` object (the empty object when the step has none); read from the file when it is read.
    public var args: JSON {
        get {
            switch arguments {
            case .value(let value): value
            case .source(let source): source.value
            }
        }
        set { arguments = .value(newValue) }
    }

    /// `plugin.action`, as `do` writes it.
    public var qualifiedName: String { "\(plugin).\(action)" }

    /// No `args` member: the arguments are the empty object.
    var hasNoArguments: Bool {
        if case .value(.object(let object)) = arguments { object.isEmpty } else { false }
    }

    /// Steps are equal when every member, the arguments included, is.
    public static func == (lhs: StepSpec, rhs: StepSpec) -> Bool {
        lhs.at == rhs.at && lhs.device == rhs.device && lhs.plugin == rhs.plugin && lhs.action == rhs.action
            && lhs.repeat == rhs.repeat && lhs.path == rhs.path && lhs.args == rhs.args
    }
}

/// An expectation: an invariant over the whole run, or a point check of an observable value.
public struct ExpectationSpec: Sendable, Equatable {
    /// What the expectation judges.
    public enum Kind: Sendable, Equatable {
        /// Must hold (or, with `violated`, must be violated) over the whole run.
        case invariant(violated: Bool)
        /// A point check of one observable value at a time.
        case check(at: TimePoint, device: String?, equals: JSON)
    }

    /// An invariant or a point check.
    public var kind: Kind
    /// The plugin of the invariant or observable.
    public var plugin: String
    /// The invariant's or observable's own name, without the plugin prefix.
    public var name: String
    /// The invariant's or observable's arguments object.
    public var args: JSON
    /// Under a seed sweep: met with every seed, or with at least one.
    public var sweep: SweepRule
    /// Where the expectation is in the scenario file, for errors and reports.
    public var path: JSONPath

    /// An expectation of `kind` on `qualifiedName` (`"sse.offlineIndicator"`).
    public init(
        kind: Kind, name qualifiedName: String, args: JSON = .object(JSONObject()), sweep: SweepRule = .every,
        path: JSONPath = .root
    ) {
        let parts = QualifiedName.split(qualifiedName)
        self.kind = kind
        self.plugin = parts.map { String($0.plugin) } ?? ""
        self.name = parts.map { String($0.name) } ?? qualifiedName
        self.args = args
        self.sweep = sweep
        self.path = path
    }

    /// `{"invariant": name}`: holds over the whole run (with `violated`, must be broken).
    public static func invariant(
        _ name: String, args: JSON = .object(JSONObject()), violated: Bool = false, sweep: SweepRule = .every
    ) -> ExpectationSpec {
        ExpectationSpec(kind: .invariant(violated: violated), name: name, args: args, sweep: sweep)
    }

    /// `{"check": name, "at": …, "equals": …}`: the observable has the value `equals` at `at`.
    public static func check(
        _ name: String, at: TimePoint, device: String? = nil, args: JSON = .object(JSONObject()), equals: JSON,
        sweep: SweepRule = .every
    ) -> ExpectationSpec {
        ExpectationSpec(kind: .check(at: at, device: device, equals: equals), name: name, args: args, sweep: sweep)
    }

    /// `plugin.name`, as the scenario writes it.
    public var qualifiedName: String { "\(plugin).\(name)" }
}

/// Bounds that keep a run from going on for ever.
public struct RunLimits: Sendable, Equatable {
    /// Events a run may execute before it stops with `eventBudgetExceeded` (exit 3).
    public var eventBudget: Int

    /// Limits with the given event budget (50 million by default).
    public init(eventBudget: Int = 50_000_000) {
        self.eventBudget = eventBudget
    }
}

/// A scenario: devices, network, faults, plugins, timed steps and expectations (format version 1).
public struct Scenario: Sendable {
    /// The file the scenario was loaded from; nil for one built in code.
    public var file: String?
    /// The scenario's name, shown in reports.
    public var name: String
    /// One paragraph for reports: what the scenario is about.
    public var description: String?
    /// The run's seed: every random stream is split from it.
    public var seed: UInt64
    /// `"pinSeed": true`: the expectations are about `seed` alone; a sweep runs this scenario once, with `seed`.
    public var pinsSeed: Bool = false
    /// `"judges"`: what the expectations are about; nil when the file does not say (documented behaviour).
    public var judges: ScenarioJudges?
    /// `"strategy"`: how the async runtime orders same-instant jobs; nil when the file does not say (`random`).
    public var strategy: ScheduleStrategy?
    /// Command-line options a front end applied over the file (`--event-budget 500`, `--fault-point
    /// NAME=force`…), as arguments: a failing run's replay command repeats them, so it runs what ran.
    /// Not part of the scenario file; nothing else reads them.
    public var replayArguments: [String] = []
    /// How long the run lasts in virtual time.
    public var duration: VirtualDuration
    /// The devices, in the order the file lists them.
    public var devices: [DeviceSpec]
    /// The network's default conditions on every link (latency, loss).
    public var network: LinkConditions
    /// The faults the file lists, in order.
    public var faults: [FaultSpec]
    /// Swarm mode: faults drawn from the seed (`faults.generate`), added after `faults`.
    public var faultGenerator: FaultGeneratorSpec?
    /// The liveness phase (`faults.liveness`, implied by `faults.generate`).
    public var liveness: LivenessPhase?
    /// The enabled plugins and their configurations.
    public var plugins: [PluginSpec]
    /// The timed steps, in the order the file lists them.
    public var steps: StepList
    /// nil: every invariant of every enabled plugin, expected to hold.
    public var expectations: [ExpectationSpec]?
    /// Bounds on the run (the event budget).
    public var limits: RunLimits
    /// How the app's fault points behave (`"faultPoints"`); the defaults when the file does not say.
    public var faultPoints = FaultPointSettings()
    /// The parsed file, kept to turn JSON paths into line and column in later reports.
    public var document: JSONDocument?
    /// What loading found suspicious but valid (a bare number of seconds longer than the run…): shown, never fatal.
    public var warnings: [ScenarioDiagnostic] = []
    /// The plugin values the loader decoded (nil for a scenario built in code: the runner decodes it).
    public internal(set) var prepared: PreparedValues?

    /// A scenario built in code (the loader builds the same from a file).
    public init(
        name: String, description: String? = nil, seed: UInt64 = 0, duration: VirtualDuration,
        devices: [DeviceSpec], network: LinkConditions = LinkConditions(), faults: [FaultSpec] = [],
        plugins: [PluginSpec], steps: [StepSpec] = [], expectations: [ExpectationSpec]? = nil,
        limits: RunLimits = RunLimits(), file: String? = nil, pinsSeed: Bool = false
    ) {
        self.pinsSeed = pinsSeed
        self.name = name
        self.description = description
        self.seed = seed
        self.duration = duration
        self.devices = devices
        self.network = network
        self.faults = faults
        self.plugins = plugins
        self.steps = StepList(steps)
        self.expectations = expectations
        self.limits = limits
        self.file = file
    }

    /// The instant the run ends.
    public var end: VirtualInstant { .start + duration }

    /// The enabled plugin of that name, if any.
    public func plugin(named name: String) -> PluginSpec? {
        plugins.first { $0.name == name }
    }

    /// The device of that id, if any.
    public func device(named id: String) -> DeviceSpec? {
        devices.first { $0.id == id }
    }
}
