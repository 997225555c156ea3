import SimulateJSON

/// A plugin enabled in a scenario, with the configuration the loader decoded.
struct PreparedPlugin: Sendable {
    let plugin: any SimulationPlugin
    let configuration: any Sendable

    func makeRun(context: SimulationContext) -> any ErasedPluginRun {
        plugin.makeErasedRun(configuration: configuration, context: context)
    }
}

/// The runner's view of a ``PluginRun``: the values it passes are the ones the plugin's own
/// declarations decoded, so the casts back to the plugin's types cannot fail.
protocol ErasedPluginRun: AnyObject {
    var base: AnyObject { get }
    func start()
    func perform(_ action: any Sendable, device: Device?)
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
    func perform(_ action: any Sendable, device: Device?) { run.perform(action as! Run.Action, device: device) }
    func observe(_ observable: any Sendable, device: Device?) -> JSON {
        run.observe(observable as! Run.Observable, device: device)
    }
    func finish() { run.finish() }
    func evaluate(_ invariant: any Sendable) -> [Violation] { run.evaluate(invariant as! Run.Invariant) }
    func statistics() -> JSON? { run.statistics() }
}

extension SimulationPlugin {
    func makeErasedRun(configuration: any Sendable, context: SimulationContext) -> any ErasedPluginRun {
        PluginRunBox(makeRun(configuration: configuration as! Configuration, context: context))
    }

    private func checkContext(_ prepared: PreparedPlugin?, _ scenario: Scenario, _ diagnostics: Diagnostics)
        -> PluginCheckContext<Configuration>?
    {
        (prepared?.configuration as? Configuration).map {
            PluginCheckContext(scenario: scenario, configuration: $0, diagnostics: diagnostics)
        }
    }

    /// Decodes and checks the plugin's configuration; nil after reporting problems.
    func prepare(_ spec: PluginSpec, in scenario: Scenario, diagnostics: Diagnostics) -> PreparedPlugin? {
        guard let configuration = Configuration.decode(spec.configuration, at: spec.path, diagnostics: diagnostics)
        else { return nil }
        let before = diagnostics.items.count
        check(
            configuration: configuration, at: spec.path,
            context: PluginCheckContext(scenario: scenario, configuration: configuration, diagnostics: diagnostics))
        return diagnostics.items.count == before ? PreparedPlugin(plugin: self, configuration: configuration) : nil
    }

    /// Decodes and checks a step's action (known to exist); nil after reporting problems.
    func prepareAction(
        _ step: StepSpec, _ prepared: PreparedPlugin?, in scenario: Scenario, diagnostics: Diagnostics
    ) -> (any Sendable)? {
        guard let entry = Action.entry(named: step.action) else { return nil }
        let before = diagnostics.items.count
        switch entry.device {
        case .required(let role) where step.device == nil:
            diagnostics.error("\(step.qualifiedName) \(role): add \"device\"", at: step.path)
        case .forbidden(let role) where step.device != nil:
            diagnostics.error("\(step.qualifiedName) \(role): remove \"device\"", at: step.path / "device")
        default:
            break
        }
        guard var action = entry.decode(step.args, at: step.path / "args", diagnostics: diagnostics) else { return nil }
        if let context = checkContext(prepared, scenario, diagnostics) {
            action = prepare(
                action: action, device: step.device.flatMap(scenario.device(named:)), at: step.path, context: context)
        }
        return diagnostics.items.count == before ? action : nil
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
