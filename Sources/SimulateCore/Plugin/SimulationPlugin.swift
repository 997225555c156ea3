import SimulateJSON

/// A component under simulation, such as the `sse` client and server or the `counter` record.
///
/// A plugin is a description: its name, documentation, and argument checks. For each run the
/// runner asks it for a fresh ``PluginRun`` that holds the run's state.
///
/// What a plugin must do:
/// - Check every argument before the run starts, reporting problems with `diagnostics.error(_:at:)`
///   at the exact JSON path, so users see file, line and column.
/// - Draw randomness only from `context.random(…)` and time only from `context.scheduler`.
/// - Document every action, invariant, observable and configuration key.
public protocol SimulationPlugin: Sendable {
    /// The name scenarios use in `plugins` and as the prefix of `do`, `invariant` and `check`.
    var name: String { get }
    var summary: String { get }
    var configuration: [ParameterDoc] { get }
    var actions: [EntryDoc] { get }
    var invariants: [EntryDoc] { get }
    var observables: [EntryDoc] { get }
    /// Plugins whose runs this one needs (for their services), named by value, e.g.
    /// `[ModelPlugin(), CounterPlugin()]`: naming the type is what makes the package state the module
    /// dependency, so this list and `Package.swift` cannot disagree. They must be enabled in the same
    /// scenario; their runs are made before this plugin's.
    var dependencies: [any SimulationPlugin] { get }
    /// Commands this plugin adds to the `simulate` command line (none by default).
    var commands: [PluginCommand] { get }
    /// The errors a `serverError` fault can make the servers this plugin runs answer (none by default).
    var serverErrors: [ServerErrorDoc] { get }

    func validateConfiguration(_ configuration: JSON, at path: JSONPath, scenario: Scenario, diagnostics: Diagnostics)
    func validateAction(_ action: String, args: JSON, at path: JSONPath, diagnostics: Diagnostics)
    func validateInvariant(_ invariant: String, args: JSON, at path: JSONPath, diagnostics: Diagnostics)
    func validateObservable(_ observable: String, args: JSON, at path: JSONPath, diagnostics: Diagnostics)

    /// The run-time side of the plugin, for one run.
    func makeRun(configuration: JSON, context: SimulationContext) -> any PluginRun
}

extension SimulationPlugin {
    public var configuration: [ParameterDoc] { [] }
    public var dependencies: [any SimulationPlugin] { [] }
    public var commands: [PluginCommand] { [] }
    public var serverErrors: [ServerErrorDoc] { [] }

    /// Checks that `configuration` is an object whose keys are the documented ones, of the documented types.
    public func validateConfiguration(
        _ configuration: JSON, at path: JSONPath, scenario: Scenario, diagnostics: Diagnostics
    ) {
        ParameterValidation.validate(configuration, against: self.configuration, at: path, diagnostics: diagnostics)
    }

    public func validateAction(_ action: String, args: JSON, at path: JSONPath, diagnostics: Diagnostics) {
        guard let entry = actions.first(where: { $0.name == action }) else { return }
        ParameterValidation.validate(args, against: entry.parameters, at: path, diagnostics: diagnostics)
    }

    public func validateInvariant(_ invariant: String, args: JSON, at path: JSONPath, diagnostics: Diagnostics) {
        guard let entry = invariants.first(where: { $0.name == invariant }) else { return }
        ParameterValidation.validate(args, against: entry.parameters, at: path, diagnostics: diagnostics)
    }

    public func validateObservable(_ observable: String, args: JSON, at path: JSONPath, diagnostics: Diagnostics) {
        guard let entry = observables.first(where: { $0.name == observable }) else { return }
        ParameterValidation.validate(args, against: entry.parameters, at: path, diagnostics: diagnostics)
    }
}

/// An error a `serverError` fault can schedule: `{"kind": "serverError", "server": …, "error": …}`.
public struct ServerErrorDoc: Sendable, Equatable {
    /// The server's network name, e.g. `cloudkit`.
    public var server: String
    /// The error's name in the fault's `error` field.
    public var error: String
    public var summary: String

    public init(server: String, error: String, _ summary: String) {
        self.server = server
        self.error = error
        self.summary = summary
    }
}

/// A plugin's state and behaviour during one run.
public protocol PluginRun: AnyObject {
    /// Called at time 0, after every plugin's run exists, so services of other plugins can be looked up here.
    func start()
    /// Performs a scenario step. `device` is nil for steps without one.
    func perform(_ action: String, args: JSON, device: Device?)
    /// The current value of an observable, for a point check.
    func observe(_ observable: String, device: Device?, args: JSON) -> JSON
    /// Called once at the end of the run, before invariants are evaluated.
    func finish()
    /// Every violation of an invariant over the whole run.
    func evaluate(_ invariant: String, args: JSON) -> [Violation]
    /// Run statistics for reports (nil: none).
    func statistics() -> JSON?
}

extension PluginRun {
    public func start() {}
    public func finish() {}
    public func statistics() -> JSON? { nil }
}

/// One way an invariant failed: when, where, and the events that show it.
public struct Violation: Sendable, Equatable {
    public var atNanoseconds: Int64
    public var device: String?
    public var message: String
    /// Trace lines that show the violation, e.g. `"12.000s phone sse.connect attempt 3"`.
    public var events: [String]

    public init(atNanoseconds: Int64, device: String? = nil, message: String, events: [String] = []) {
        self.atNanoseconds = atNanoseconds
        self.device = device
        self.message = message
        self.events = events
    }
}
