import SimulateJSON

/// An app's own implementation of a plugin's component (a client, an allocator), registered from
/// Swift under a name that scenarios select, e.g. `"plugins": {"sse": {"client": "app"}}`.
///
/// The plugin calls `make` once per device at time 0. The async runtime builds these factories
/// (it gives the app its facades, clock and device); a plugin only stores them by name.
public struct AppComponentFactory<Component>: Sendable {
    public let make: @Sendable (_ context: SimulationContext, _ device: Device) -> AppComponentInstance<Component>

    public init(
        make: @escaping @Sendable (_ context: SimulationContext, _ device: Device) -> AppComponentInstance<Component>
    ) {
        self.make = make
    }
}

/// One device's instance of an app component, and how the plugin runs a user action on it.
public struct AppComponentInstance<Component> {
    public var component: Component
    /// Starts `action` as a task of the device inside the simulation; it returns at once.
    public var perform: (_ action: @escaping () async -> Void) -> Void
    /// Kills the app on the device (cancels its tasks) and launches it again: a new instance.
    public var relaunch: (() -> AppComponentInstance<Component>)?
    /// Starts `action` as the system's call into the app (an App Intent that `shortcuts run` invokes): a
    /// task of the device started at once, even while the app is in the background, unlike ``perform``'s
    /// user actions. The returned closure cancels that task (the system ending the call at its time limit).
    public var systemCall: ((_ name: String, _ action: @escaping () async -> Void) -> () -> Void)?

    public init(
        component: Component, perform: @escaping (_ action: @escaping () async -> Void) -> Void,
        relaunch: (() -> AppComponentInstance<Component>)? = nil,
        systemCall: ((_ name: String, _ action: @escaping () async -> Void) -> () -> Void)? = nil
    ) {
        self.component = component
        self.perform = perform
        self.relaunch = relaunch
        self.systemCall = systemCall
    }
}

/// Told when an app task on a device starts to sleep on the simulation clock: how a plugin sees an
/// app component's waits (its reconnect backoff) as they start. The plugin runs that offer it are
/// found with `context.services(AppSleepObserving.self)`.
public protocol AppSleepObserving: AnyObject {
    /// `task` identifies the sleeping task (as in ``HTTPClientEvent/streamOpened(_:task:)``).
    func appTaskSleeps(on device: Device, task: Int, until deadline: VirtualInstant)
}

/// The names a plugin's component key accepts: the built-in ones, then the registered app components.
public enum ComponentChoice {
    /// Checks the component `name` a configuration's `key` chose against the built-in names and the
    /// registered ones; reports an unknown one at `path / key` (file, line and column follow).
    public static func check(
        _ name: String, key: String, builtIn: [String], registered: [String], at path: JSONPath,
        diagnostics: Diagnostics
    ) {
        guard !builtIn.contains(name), !registered.contains(name) else { return }
        let known = builtIn.map { "\"\($0)\"" } + registered.map { "\"\($0)\" (registered)" }
        var message =
            "unknown \(key) \"\(name)\": " + NameSuggestion.hint(name, in: builtIn + registered) + "expected one of "
            + known.joined(separator: ", ")
        if registered.isEmpty {
            message += "; app components are registered from Swift (see docs/your-own-code.md)"
        }
        diagnostics.error(message, at: path / key)
    }
}
