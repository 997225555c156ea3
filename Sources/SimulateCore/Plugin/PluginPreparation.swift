import SimulateJSON

/// A plugin enabled in a scenario, with the configuration the loader decoded.
struct PreparedPlugin: Sendable {
    let plugin: any SimulationPlugin
    let configuration: any Sendable
    /// The decoded configurations of its enabled dependencies, for its check contexts.
    let dependencies: [String: DecodedConfiguration]

    func makeRun(context: SimulationContext) -> any ErasedPluginRun {
        plugin.makeErasedRun(configuration: configuration, context: context)
    }

    func hashedConfiguration(written: JSON) -> JSON {
        plugin.erasedHashedConfiguration(configuration, written: written)
    }
}

/// The runner's view of a ``PluginRun``: the values it passes are the ones the plugin's own
/// declarations decoded, so the casts back to the plugin's types cannot fail.
protocol ErasedPluginRun: AnyObject {
    var base: AnyObject { get }
    func start()
    func watch(_ invariant: any Sendable)
    /// `action` (one of the run's actions) on `device`, cast to the run's own type once: a step that
    /// repeats performs it without casting again.
    func performer(of action: any Sendable, device: Device?) -> () -> Void
    func observe(_ observable: any Sendable, device: Device?) -> JSON
    func finish()
    func evaluate(_ invariant: any Sendable) -> [Violation]
    func statistics() -> JSON?
}

private final class PluginRunBox<Run: PluginRun>: ErasedPluginRun {
    let run: Run
    init(_ run: Run) { self.run = run }
    var base: AnyObject { run }
    func start() { run.start() }
    func watch(_ invariant: any Sendable) { run.watch(invariant as! Run.Invariant) }
    func performer(of action: any Sendable, device: Device?) -> () -> Void {
        let action = action as! Run.Action
        return { [run] in run.perform(action, device: device) }
    }
    func observe(_ observable: any Sendable, device: Device?) -> JSON {
        run.observe(observable as! Run.Observable, device: device)
    }
    func finish() { run.finish() }
    func evaluate(_ invariant: any Sendable) -> [Violation] { run.evaluate(invariant as! Run.Invariant) }
    func statistics() -> JSON? { run.statistics() }
}

extension SimulationPlugin {
    func erasedHashedConfiguration(_ configuration: any Sendable, written: JSON) -> JSON {
        hashedConfiguration(configuration as! Configuration, written: written)
    }

    func makeErasedRun(configuration: any Sendable, context: SimulationContext) -> any ErasedPluginRun {
        PluginRunBox(makeRun(configuration: configuration as! Configuration, context: context))
    }

    private func checkContext(_ prepared: PreparedPlugin?, _ scenario: Scenario, _ diagnostics: Diagnostics)
        -> PluginCheckContext<Configuration>?
    {
        (prepared?.configuration as? Configuration).map {
            PluginCheckContext(
                scenario: scenario, configuration: $0, diagnostics: diagnostics,
                dependencies: prepared?.dependencies ?? [:])
        }
    }

    /// Decodes the plugin's configuration; nil after reporting problems.
    func decodeConfiguration(_ spec: PluginSpec, diagnostics: Diagnostics) -> DecodedConfiguration? {
        Configuration.decode(spec.configuration, at: spec.path, diagnostics: diagnostics).map {
            DecodedConfiguration(value: $0, path: spec.path)
        }
    }

    /// Checks the plugin's decoded configuration, with its dependencies' decoded configurations
    /// (from `decoded`, every enabled plugin's) at hand; nil after reporting problems.
    func prepare(
        _ decodedConfiguration: DecodedConfiguration, in scenario: Scenario,
        decoded: [String: DecodedConfiguration], diagnostics: Diagnostics
    ) -> PreparedPlugin? {
        guard let configuration = decodedConfiguration.value as? Configuration else { return nil }
        var dependencies: [String: DecodedConfiguration] = [:]
        for name in dependencyNames { dependencies[name] = decoded[name] }
        let before = diagnostics.items.count
        check(
            configuration: configuration, at: decodedConfiguration.path,
            context: PluginCheckContext(
                scenario: scenario, configuration: configuration, diagnostics: diagnostics,
                dependencies: dependencies))
        return diagnostics.items.count == before
            ? PreparedPlugin(plugin: self, configuration: configuration, dependencies: dependencies) : nil
    }

    /// Decodes and checks the steps of the action `name` (known to exist), with the entry and the check
    /// context looked up once: a file of millions of steps names a few actions.
    func actionPreparer(
        named name: String, _ prepared: PreparedPlugin?, in scenario: Scenario, diagnostics: Diagnostics
    ) -> ActionPreparer? {
        guard let entry = Action.entry(named: name) else { return nil }
        return TypedActionPreparer(
            entry: entry,
            checker: checkContext(prepared, scenario, diagnostics).map {
                ActionChecker(plugin: self, context: $0, devices: scenario.devices)
            }, diagnostics: diagnostics)
    }

    /// Decodes the arguments of the action `name` as its declaration does (errors are reported under the root:
    /// for a caller that only keeps a value decoded without a word).
    func actionArgumentsDecoder(named name: String) -> ((JSON, Diagnostics) -> (any Sendable)?)? {
        guard let entry = Action.entry(named: name) else { return nil }
        return { arguments, diagnostics in entry.decode(arguments, at: .root, diagnostics: diagnostics) }
    }

    /// Decodes and checks an `invariant` expectation (known to exist); nil after reporting problems.
    func prepareInvariant(
        _ expectation: ExpectationSpec, _ prepared: PreparedPlugin?, in scenario: Scenario, diagnostics: Diagnostics
    ) -> (any Sendable)? {
        guard let entry = Invariant.entry(named: expectation.name) else { return nil }
        let before = diagnostics.items.count
        guard let invariant = entry.decode(expectation.args, at: expectation.path / "args", diagnostics: diagnostics)
        else { return nil }
        if let context = checkContext(prepared, scenario, diagnostics) {
            check(invariant: invariant, at: expectation.path, context: context)
        }
        return diagnostics.items.count == before ? invariant : nil
    }

    /// Decodes and checks a `check` expectation (known to exist); nil after reporting problems.
    func prepareObservable(
        _ expectation: ExpectationSpec, device: String?, _ prepared: PreparedPlugin?, in scenario: Scenario,
        diagnostics: Diagnostics
    ) -> (any Sendable)? {
        guard let entry = Observable.entry(named: expectation.name) else { return nil }
        let before = diagnostics.items.count
        switch entry.device {
        case .required where device == nil:
            diagnostics.error(
                "\"\(expectation.qualifiedName)\" is read per device: add \"device\"", at: expectation.path)
        case .forbidden(let role) where device != nil:
            diagnostics.error(
                "\"\(expectation.qualifiedName)\" \(role): remove \"device\"", at: expectation.path / "device")
        default:
            break
        }
        guard
            let observable = entry.decode(expectation.args, at: expectation.path / "args", diagnostics: diagnostics)
        else { return nil }
        if let context = checkContext(prepared, scenario, diagnostics) {
            check(
                observable: observable, device: device.flatMap(scenario.device(named:)), at: expectation.path,
                context: context)
        }
        return diagnostics.items.count == before ? observable : nil
    }
}

/// Decodes and checks the steps of one action (`SimulationPlugin.actionPreparer`).
class ActionPreparer {
    /// The step's action; nil after reporting problems. `decoded`: the step's arguments as the action's
    /// declaration decoded them without a word (`DecodedStepArguments`), or nil to decode them here.
    func prepare(_ step: StepSpec, decoded: (any Sendable)? = nil) -> (any Sendable)? { nil }
}

/// Every step without `args` decodes the same `{}`: once that decoded without problems, its value is
/// reused (the device rule and the plugin's `prepare(action:…)` still run for each step).
private final class TypedActionPreparer<Plugin: SimulationPlugin>: ActionPreparer {
    let entry: Entry<Plugin.Action>
    let checker: ActionChecker<Plugin>?
    let diagnostics: Diagnostics
    private var reused: Plugin.Action?
    private var reusedBox: (any Sendable)?

    init(entry: Entry<Plugin.Action>, checker: ActionChecker<Plugin>?, diagnostics: Diagnostics) {
        self.entry = entry
        self.checker = checker
        self.diagnostics = diagnostics
    }

    override func prepare(_ step: StepSpec, decoded: (any Sendable)? = nil) -> (any Sendable)? {
        let before = diagnostics.items.count
        switch entry.device {
        case .required(let role) where step.device == nil:
            diagnostics.error("\(step.qualifiedName) \(role): add \"device\"", at: step.path)
        case .forbidden(let role) where step.device != nil:
            diagnostics.error("\(step.qualifiedName) \(role): remove \"device\"", at: step.path / "device")
        default:
            break
        }
        let action: Plugin.Action
        let boxed: any Sendable
        if step.hasNoArguments, let reusedBox, let reused {
            action = reused
            boxed = reusedBox
        } else if let decoded, let typed = decoded as? Plugin.Action {
            action = typed
            boxed = decoded
        } else {
            let decodedBefore = diagnostics.items.count
            guard let decoded = entry.decode(step.args, at: step.path / "args", diagnostics: diagnostics) else {
                return nil
            }
            action = decoded
            boxed = decoded
            if step.hasNoArguments, diagnostics.items.count == decodedBefore {
                reused = action
                reusedBox = boxed
            }
        }
        if let checker {
            let prepared = checker.prepare(action, step)
            return diagnostics.items.count == before ? prepared : nil
        }
        return diagnostics.items.count == before ? boxed : nil
    }
}

/// A plugin's preparation of its actions, with the context made once: a class, so that it is not copied per step.
private final class ActionChecker<Plugin: SimulationPlugin> {
    let plugin: Plugin
    let context: PluginCheckContext<Plugin.Configuration>
    let devices: [DeviceSpec]

    init(plugin: Plugin, context: PluginCheckContext<Plugin.Configuration>, devices: [DeviceSpec]) {
        self.plugin = plugin
        self.context = context
        self.devices = devices
    }

    /// The action the run receives, as the plugin completes it for this step.
    func prepare(_ action: Plugin.Action, _ step: StepSpec) -> Plugin.Action {
        let device = step.device.flatMap { id in devices.first { $0.id == id } }
        return plugin.prepare(action: action, device: device, at: step.path, context: context)
    }
}
