import SimulateJSON

/// A point in virtual time: an instant of the run, or the end of the run.
public enum TimePoint: Sendable, Equatable {
    case at(VirtualInstant)
    case end

    /// The instant, at most `runEnd`.
    public func instant(runEnd: VirtualInstant) -> VirtualInstant {
        switch self {
        case .at(let time): min(time, runEnd)
        case .end: runEnd
        }
    }

    public var text: String {
        switch self {
        case .at(let time): DurationFormat.string(time)
        case .end: "end"
        }
    }
}

/// `{"every": "30s", "count": 20}`: `count` occurrences in all, the first at `at`.
public struct Repeat: Sendable, Equatable {
    public var every: VirtualDuration
    public var count: Int

    public init(every: VirtualDuration, count: Int) {
        self.every = every
        self.count = count
    }
}

public struct DeviceSpec: Sendable, Equatable {
    public var id: String
    public var platform: Platform
    public var clockSkew: VirtualDuration
    /// The app runs in Simulator: push notifications do not arrive (seed 000).
    public var simulator: Bool

    public init(id: String, platform: Platform = .iOS, clockSkew: VirtualDuration = .zero, simulator: Bool = false) {
        self.simulator = simulator
        self.id = id
        self.platform = platform
        self.clockSkew = clockSkew
    }
}

public struct FaultSpec: Sendable, Equatable {
    public var at: TimePoint
    /// `"for"`; nil: until the end of the run.
    public var duration: VirtualDuration?
    /// nil: every device.
    public var devices: [String]?
    public var kind: FaultKind
    public var latency: LatencyRange?
    public var loss: Double?
    public var plugin: String?
    /// `serverError`: the server's network name (`cloudkit`) and the error's name.
    public var server: String?
    public var error: String?
    public var `repeat`: Repeat?
    public var path: JSONPath

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

public struct PluginSpec: Sendable, Equatable {
    public var name: String
    public var configuration: JSON
    public var path: JSONPath

    public init(name: String, configuration: JSON = .object(JSONObject()), path: JSONPath = .root) {
        self.name = name
        self.configuration = configuration
        self.path = path
    }
}

/// A timed action: `{"at": "2s", "device": "phone", "do": "sse.add", "args": {"text": "milk"}}`.
public struct StepSpec: Sendable, Equatable {
    public var at: TimePoint
    public var device: String?
    public var plugin: String
    public var action: String
    public var `repeat`: Repeat?
    public var path: JSONPath
    private var arguments: Arguments

    /// A step loaded from a file keeps where its arguments are in the file, and parses them when they are read.
    enum Arguments: Sendable {
        case value(JSON)
        case source(JSONSourceValue)
    }

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

    public var args: JSON {
        get {
            switch arguments {
            case .value(let value): value
            case .source(let source): source.value
            }
        }
        set { arguments = .value(newValue) }
    }

    public var qualifiedName: String { "\(plugin).\(action)" }

    /// No `args` member: the arguments are the empty object.
    var hasNoArguments: Bool {
        if case .value(.object(let object)) = arguments { object.isEmpty } else { false }
    }

    public static func == (lhs: StepSpec, rhs: StepSpec) -> Bool {
        lhs.at == rhs.at && lhs.device == rhs.device && lhs.plugin == rhs.plugin && lhs.action == rhs.action
            && lhs.repeat == rhs.repeat && lhs.path == rhs.path && lhs.args == rhs.args
    }
}

public struct ExpectationSpec: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// Must hold (or, with `violated`, must be violated) over the whole run.
        case invariant(violated: Bool)
        /// A point check of one observable value at a time.
        case check(at: TimePoint, device: String?, equals: JSON)
    }

    public var kind: Kind
    public var plugin: String
    /// The invariant's or observable's own name, without the plugin prefix.
    public var name: String
    public var args: JSON
    /// Under a seed sweep: met with every seed, or with at least one.
    public var sweep: SweepRule
    public var path: JSONPath

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

    public static func invariant(
        _ name: String, args: JSON = .object(JSONObject()), violated: Bool = false, sweep: SweepRule = .every
    ) -> ExpectationSpec {
        ExpectationSpec(kind: .invariant(violated: violated), name: name, args: args, sweep: sweep)
    }

    public static func check(
        _ name: String, at: TimePoint, device: String? = nil, args: JSON = .object(JSONObject()), equals: JSON,
        sweep: SweepRule = .every
    ) -> ExpectationSpec {
        ExpectationSpec(kind: .check(at: at, device: device, equals: equals), name: name, args: args, sweep: sweep)
    }

    public var qualifiedName: String { "\(plugin).\(name)" }
}

/// Bounds that keep a run from going on for ever.
public struct RunLimits: Sendable, Equatable {
    public var eventBudget: Int

    public init(eventBudget: Int = 50_000_000) {
        self.eventBudget = eventBudget
    }
}

/// A scenario: devices, network, faults, plugins, timed steps and expectations (format version 1).
public struct Scenario: Sendable {
    public var file: String?
    public var name: String
    public var description: String?
    public var seed: UInt64
    /// `"pinSeed": true`: the expectations are about `seed` alone; a sweep runs this scenario once, with `seed`.
    public var pinsSeed: Bool = false
    /// `"judges"`: what the expectations are about; nil when the file does not say (documented behaviour).
    public var judges: ScenarioJudges?
    public var duration: VirtualDuration
    public var devices: [DeviceSpec]
    public var network: LinkConditions
    public var faults: [FaultSpec]
    /// Swarm mode: faults drawn from the seed (`faults.generate`), added after `faults`.
    public var faultGenerator: FaultGeneratorSpec?
    /// The liveness phase (`faults.liveness`, implied by `faults.generate`).
    public var liveness: LivenessPhase?
    public var plugins: [PluginSpec]
    public var steps: StepList
    /// nil: every invariant of every enabled plugin, expected to hold.
    public var expectations: [ExpectationSpec]?
    public var limits: RunLimits
    /// The parsed file, kept to turn JSON paths into line and column in later reports.
    public var document: JSONDocument?
    /// What loading found suspicious but valid (a bare number of seconds longer than the run…): shown, never fatal.
    public var warnings: [ScenarioDiagnostic] = []
    /// The plugin values the loader decoded (nil for a scenario built in code: the runner decodes it).
    public internal(set) var prepared: PreparedValues?

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

    public func plugin(named name: String) -> PluginSpec? {
        plugins.first { $0.name == name }
    }

    public func device(named id: String) -> DeviceSpec? {
        devices.first { $0.id == id }
    }
}
