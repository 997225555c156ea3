import SimulateJSON

/// A plugin's state and behaviour during one run, made by ``SimulationPlugin/makeRun(configuration:context:)``.
///
/// The runner calls, in this order: ``start()`` once at time 0; ``perform(_:device:)`` at each
/// step's time and ``observe(_:device:)`` at each check's time, in virtual-time order; ``finish()``
/// once at the end; then ``evaluate(_:)`` once per invariant expectation and ``statistics()`` once.
/// Everything runs on one thread; a run is never shared between runs.
///
/// A conforming type must:
/// - do all its work in virtual time: schedule on `context.scheduler`, never block or read the wall clock;
/// - answer ``observe(_:device:)`` and ``evaluate(_:)`` without changing the run (they read, they
///   do not act), so adding an expectation never changes a trace hash;
/// - bound what it keeps and schedules: a run that never goes quiet ends at the event budget, as a failure.
public protocol PluginRun: AnyObject {
    associatedtype Action = NoEntries
    associatedtype Invariant = NoEntries
    associatedtype Observable = NoEntries

    /// Called at time 0, after every plugin's run exists, so services of other plugins can be looked
    /// up here (`context.service(…)`). Default: nothing.
    func start()
    /// Called before ``start()`` with each invariant the run will evaluate, so the run can judge it as
    /// events happen and keep only what a later verdict still needs. Default: nothing.
    func watch(_ invariant: Invariant)
    /// Performs a scenario step at its time. `device` is the step's device (nil for steps without one;
    /// the action's ``DeviceUse`` was checked when the scenario loaded).
    func perform(_ action: Action, device: Device?)
    /// The current value of an observable, for a point check compared with `equals`. `device` is the
    /// check's device (present when the observable's ``DeviceUse`` requires one).
    func observe(_ observable: Observable, device: Device?) -> JSON
    /// Called once at the end of the run, before invariants are evaluated. Default: nothing.
    func finish()
    /// Every violation of an invariant over the whole run (empty: it held), in time order.
    func evaluate(_ invariant: Invariant) -> [Violation]
    /// Run statistics for the reports' `statistics.<plugin>` (nil: none). Default: nil.
    func statistics() -> JSON?
}

extension PluginRun {
    public func start() {}
    public func watch(_ invariant: Invariant) {}
    public func finish() {}
    public func statistics() -> JSON? { nil }
}

extension PluginRun where Action == NoEntries {
    public func perform(_ action: NoEntries, device: Device?) {}
}

extension PluginRun where Invariant == NoEntries {
    public func evaluate(_ invariant: NoEntries) -> [Violation] { [] }
}

extension PluginRun where Observable == NoEntries {
    public func observe(_ observable: NoEntries, device: Device?) -> JSON { .null }
}
