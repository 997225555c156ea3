import Foundation
import SimulateAsync
import SimulateCore
import SimulateJSON

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a registered app component gets on its device: the facades over the simulated services,
/// the simulation clock, the device's skewed wall clock, seeded randomness, and a way to start tasks
/// inside the simulation. Made by the plugin at time 0, once per device.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
public struct AppEnvironment: @unchecked Sendable {
    /// The run the app takes part in.
    public let context: SimulationContext
    /// The device this environment belongs to.
    public let device: Device
    /// The run's async runtime: tasks started through it run under virtual time.
    public let runtime: SimulationRuntime
    /// The tasks this launch of the app started: a relaunch cancels them.
    let launch = Launch()

    /// The environment of `device` in the run of `context`.
    public init(context: SimulationContext, device: Device) {
        self.context = context
        self.device = device
        runtime = SimulationRuntime.of(context)
    }

    final class Launch {
        var tasks: [SimulatedTask] = []
        var cloudKit: SimulatedCloudKitDatabase?
        func end() {
            for task in tasks where !task.isFinished { task.cancel() }
            tasks.removeAll()
        }
    }

    /// Virtual time as a `Clock`: inject it where the app takes `any Clock<Duration>`. Its sleeps are
    /// visible to the plugins' invariants (a reconnect wait shows as it starts).
    public var clock: AppClock { AppClock(base: runtime.clock, context: context, device: device) }
    /// The device's own wall clock (virtual time plus its skew), for code that reads `Date()`.
    public var wallClock: DeviceWallClock { runtime.wallClock(for: device) }
    /// `URLSession`'s `data(for:)` and `bytes(for:)` over the simulated network.
    public var http: SimulatedHTTPClient { SimulatedHTTPClient(context: context, device: device) }
    /// `http` as a session made with `configuration` (its `timeoutIntervalForRequest` applies).
    public func http(configuration: URLSessionConfiguration) -> SimulatedHTTPClient {
        SimulatedHTTPClient(context: context, device: device, configuration: configuration)
    }
    /// `CKDatabase` over the scenario's simulated record server, through this device's link: the
    /// counter plugin's server when `counter` is enabled (so it counts the app's requests), else the
    /// run's shared server. One database per launch of the app, made on first use.
    public var cloudKit: SimulatedCloudKitDatabase {
        if let database = launch.cloudKit { return database }
        let database = SimulatedCloudKitDatabase(context: context, device: device)
        launch.cloudKit = database
        return database
    }
    /// What `NWPathMonitor` would report on this device.
    public var connectivity: SimulatedPathMonitor { SimulatedPathMonitor(context: context, device: device) }
    /// The app's lifecycle on this device (`ScenePhase`): `background` while a `background` fault is on it.
    public var lifecycle: SimulatedAppLifecycle { SimulatedAppLifecycle(context: context, device: device) }

    /// A seeded generator of the app's own on this device (for jitter): the same seed, the same numbers.
    public func randomNumberGenerator(_ label: String = "app") -> SeededRandom {
        context.random(for: device, component: label)
    }

    /// The scenario's configuration object of a plugin (`plugins.<name>`), for an app component that
    /// takes its settings (timeouts, backoff) from the scenario as the reference component does.
    public func configuration(ofPlugin name: String) -> JSON? {
        context.scenario.plugins.first { $0.name == name }?.configuration
    }

    /// Starts app code as a task of this device, inside the simulation.
    @discardableResult
    public func spawn(_ name: String? = nil, _ operation: sending @escaping () async throws -> Void) -> SimulatedTask {
        let task = runtime.spawn(on: device, name, operation)
        launch.tasks.removeAll { $0.isFinished }
        launch.tasks.append(task)
        return task
    }
}

extension AppComponentFactory {
    /// A factory for an app component: `make` builds it from its environment, typically starting its
    /// long-running work with `environment.spawn { await component.run() }`. Scenario steps then run
    /// on the component as tasks of the device.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    public static func app(_ make: @escaping @Sendable (AppEnvironment) -> Component) -> AppComponentFactory {
        AppComponentFactory { context, device in launch(make, context: context, device: device) }
    }

    /// One launch of the app on a device; a relaunch cancels its tasks and makes a new one.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    static func launch(
        _ make: @escaping @Sendable (AppEnvironment) -> Component, context: SimulationContext, device: Device
    ) -> AppComponentInstance<Component> {
        let environment = AppEnvironment(context: context, device: device)
        let component = make(environment)
        return AppComponentInstance(
            component: component,
            perform: { action in
                nonisolated(unsafe) let action = action
                nonisolated(unsafe) let hub = LifecycleHub.of(context)
                // Nobody taps a suspended app: a step's action waits until it is in the foreground again.
                environment.spawn("user action") {
                    await hub.awaitForeground(device)
                    await action()
                }
            },
            relaunch: {
                environment.launch.end()
                return launch(make, context: context, device: device)
            },
            systemCall: { name, action in
                nonisolated(unsafe) let action = action
                nonisolated(unsafe) let hub = LifecycleHub.of(context)
                // The system runs the app for the call, in the background too, until the call returns.
                hub.beginSystemCall(on: device)
                let task = environment.spawn(name) {
                    await action()
                    hub.endSystemCall(on: device)
                }
                return { task.cancel() }
            })
    }
}
