import SimulateJSON

/// A component under simulation, such as the `sse` client and server or the `counter` record.
///
/// A plugin is a description: a name, and four Swift types that declare everything a scenario may
/// say to it — its ``Configuration`` (a ``PluginArguments`` type), its ``Action``s, ``Invariant``s
/// and ``Observable``s (``PluginEntries`` types, usually enums whose cases carry their arguments).
/// From those declarations the toolkit derives the documentation (`simulate list`, `simulate
/// explain`), the JSON Schema (`simulate schema`) and the checks of a scenario file with JSON path,
/// line and column. The loader decodes every value once; for each run the runner asks the plugin for
/// a fresh ``PluginRun`` and hands it the typed values: no plugin reads JSON at run time.
///
/// A conforming type must:
/// - be a value that can be shared between threads (`Sendable`): runs of several seeds go on in
///   parallel, each with its own ``PluginRun``, and all of them use the one plugin value;
/// - answer the same ``name``, declarations and ``dependencies`` every time it is asked;
/// - keep every piece of run state in the ``PluginRun`` that ``makeRun(configuration:context:)``
///   returns, never in the plugin.
///
/// `SimulateTesting`'s `PluginConformance` checks these on any plugin (see docs/writing-a-plugin.md).
public protocol SimulationPlugin: Sendable {
    /// The plugin's configuration: the object under `plugins.<name>` in a scenario.
    associatedtype Configuration: PluginValue = NoArguments
    /// What a step may `do`: `"<name>.<action>"`.
    associatedtype Action: PluginEntries = NoEntries
    /// What `expect` may hold over the whole run: `{"invariant": "<name>.<invariant>"}`.
    associatedtype Invariant: PluginEntries = NoEntries
    /// What `expect` may read at a time: `{"check": "<name>.<observable>"}`.
    associatedtype Observable: PluginEntries = NoEntries
    /// The run-time side of the plugin.
    associatedtype Run: PluginRun
    where Run.Action == Action, Run.Invariant == Invariant, Run.Observable == Observable

    /// The name scenarios use in `plugins` and as the prefix of `do`, `invariant` and `check`: an id
    /// (`[A-Za-z][A-Za-z0-9_-]*`), unique in a registry (a later plugin of the same name replaces it).
    var name: String { get }
    /// One line for `simulate list`.
    var summary: String { get }
    /// Plugins whose runs this one needs (for their services), named by value, e.g.
    /// `[ModelPlugin(), CounterPlugin()]`: naming the type is what makes the package state the module
    /// dependency, so this list and `Package.swift` cannot disagree. They must be enabled in the same
    /// scenario (the loader says so otherwise); their runs are made before this plugin's. Default: none.
    var dependencies: [any SimulationPlugin] { get }
    /// Plugins this one needs by name only: those whose runs it reaches through a service type of a
    /// shared module (`context.service((any DisplayIDAllocating).self)` from `SimulateCloudKit`), so that
    /// it need not import their module, e.g. `["counter"]`. The same rules as ``dependencies`` hold:
    /// enabled in the same scenario, their runs made first. Default: none.
    var serviceDependencies: [String] { get }
    /// Commands this plugin adds to the `simulate` command line, e.g. `sse-parse`. Default: none.
    var commands: [PluginCommand] { get }
    /// The errors a `serverError` fault can make the servers this plugin runs answer (none by default).
    var serverErrors: [ServerErrorDoc] { get }

    /// Rules between the configuration and the rest of the scenario that no declaration can state
    /// (an entity that must exist, a plugin that must be configured alike). Called once per scenario
    /// after the configuration decoded; report each problem with `context.error(_:at:)` at its JSON
    /// path. Default: nothing to check.
    func check(
        configuration: Configuration, at path: JSONPath, context: PluginCheckContext<Configuration>)
    /// Rules of one step that its declaration cannot state; `device` is the step's device (nil for
    /// none, already checked against the entry's ``DeviceUse``), `path` the step's JSON path (its
    /// arguments are at `path / "args"`). Called only when the configuration decoded. Default: none.
    func check(
        action: Action, device: DeviceSpec?, at path: JSONPath, context: PluginCheckContext<Configuration>)
    /// The action the run receives, completed with what only the rest of the scenario can tell (the
    /// `model` plugin types a step's `values` by the configured schema); report problems as
    /// ``check(action:device:at:context:)`` does. Called instead of that check, once per step, only
    /// when the configuration decoded. Default: runs the check and returns `action` as decoded.
    func prepare(
        action: Action, device: DeviceSpec?, at path: JSONPath, context: PluginCheckContext<Configuration>
    ) -> Action
    /// Rules of one `invariant` expectation; `path` is the expectation's. Default: none.
    func check(invariant: Invariant, at path: JSONPath, context: PluginCheckContext<Configuration>)
    /// Rules of one `check` expectation; `device` is the one it reads on. Default: none.
    func check(
        observable: Observable, device: DeviceSpec?, at path: JSONPath,
        context: PluginCheckContext<Configuration>)

    /// The run-time side of the plugin for one run, with the configuration the loader decoded. Called
    /// once per run, before time 0, in dependency order; draw randomness only from `context.random(…)`
    /// and time only from `context.scheduler`, so a seed replays the run exactly.
    func makeRun(configuration: Configuration, context: SimulationContext) -> Run

    /// The configuration a run's trace hash covers. Default: as written. A plugin that reads files at load
    /// (the `model` plugin's Swift `sources`) returns what it read, so the same configuration hashes alike
    /// however it was given.
    func hashedConfiguration(_ configuration: Configuration, written: JSON) -> JSON
}

/// What a plugin's cross-field checks can see: the scenario, the plugin's decoded configuration, and
/// where to report.
public struct PluginCheckContext<Configuration> {
    public let scenario: Scenario
    public let configuration: Configuration
    public let diagnostics: Diagnostics
    /// The decoded configurations of the plugin's ``SimulationPlugin/dependencies`` that are enabled,
    /// by plugin name (``configuration(of:)``).
    var dependencies: [String: DecodedConfiguration] = [:]

    /// Reports a problem at a JSON path of the scenario; the loader adds file, line and column.
    public func error(_ message: String, at path: JSONPath) {
        diagnostics.error(message, at: path)
    }
}

extension SimulationPlugin {
    public func hashedConfiguration(_ configuration: Configuration, written: JSON) -> JSON { written }
    public var dependencies: [any SimulationPlugin] { [] }
    public var serviceDependencies: [String] { [] }
    /// The names of every plugin this one needs: ``dependencies`` and ``serviceDependencies``.
    public var dependencyNames: [String] { dependencies.map(\.name) + serviceDependencies }
    public var commands: [PluginCommand] { [] }
    public var serverErrors: [ServerErrorDoc] { [] }

    public func check(
        configuration: Configuration, at path: JSONPath, context: PluginCheckContext<Configuration>
    ) {}
    public func check(
        action: Action, device: DeviceSpec?, at path: JSONPath, context: PluginCheckContext<Configuration>
    ) {}
    public func prepare(
        action: Action, device: DeviceSpec?, at path: JSONPath, context: PluginCheckContext<Configuration>
    ) -> Action {
        check(action: action, device: device, at: path, context: context)
        return action
    }
    public func check(invariant: Invariant, at path: JSONPath, context: PluginCheckContext<Configuration>) {}
    public func check(
        observable: Observable, device: DeviceSpec?, at path: JSONPath,
        context: PluginCheckContext<Configuration>
    ) {}

    /// The documented configuration keys, from ``Configuration``.
    public var configuration: [ParameterDoc] { Configuration.parameters }
    /// The documented actions, from ``Action``.
    public var actions: [EntryDoc] { Action.entries.map(\.doc) }
    /// The documented invariants, from ``Invariant``.
    public var invariants: [EntryDoc] { Invariant.entries.map(\.doc) }
    /// The documented observables, from ``Observable``.
    public var observables: [EntryDoc] { Observable.entries.map(\.doc) }
}

/// An error a `serverError` fault can schedule: `{"kind": "serverError", "server": …, "error": …}`.
public struct ServerErrorDoc: Sendable, Equatable {
    /// The server's network name, e.g. `cloudkit`.
    public var server: String
    /// The error's name in the fault's `error` field.
    public var error: String
    public var summary: String
    /// The error does all it does when the fault starts (a zone deleted): how long the fault lasts does not matter,
    /// so a liveness phase does not ask for its `for`.
    public var actsAtStart: Bool

    public init(server: String, error: String, actsAtStart: Bool = false, _ summary: String) {
        self.server = server
        self.error = error
        self.actsAtStart = actsAtStart
        self.summary = summary
    }
}

/// One way an invariant failed: when, where, and the events that show it.
public struct Violation: Sendable, Equatable {
    public var at: VirtualInstant
    public var device: String?
    public var message: String
    /// Trace lines that show the violation, e.g. `"12.000s phone sse.connect attempt 3"`.
    public var events: [String]
    /// 0 for a violation; for the closing entry of a list cut short (`… and 46 more`), how many
    /// violations it stands for. ``ExpectationResult/violationCount`` counts them.
    public var omitted: Int

    public init(at: VirtualInstant, device: String? = nil, message: String, events: [String] = []) {
        self.at = at
        self.device = device
        self.message = message
        self.events = events
        self.omitted = 0
    }

    /// The closing entry of a list kept to its first violations: `omitted` more happened, not listed.
    public static func omitted(_ omitted: Int, at: VirtualInstant, device: String? = nil, message: String) -> Violation
    {
        var entry = Violation(at: at, device: device, message: message)
        entry.omitted = omitted
        return entry
    }
}
