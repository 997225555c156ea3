import SimulateCore

/// The app's own intents on every device, made at time 0: starts each call as a system call into the app
/// and hands back what it returned or threw.
final class AppIntentHandlers {
    private let instances: [AppComponentInstance<any AppIntentsComponent>]

    init(factory: AppComponentFactory<any AppIntentsComponent>, context: SimulationContext) {
        instances = context.devices.map { factory.make(context, $0) }
    }

    /// Starts the call on `device`; `finish` gets the returned text or the thrown error. The result is
    /// what cancels the call's task.
    func start(
        _ intent: String, input: String, on device: Device,
        finish: @escaping (Result<String, any Error>) -> Void
    ) -> () -> Void {
        let instance = instances[device.index]
        let component = instance.component
        let action: () async -> Void = {
            do { finish(.success(try await component.perform(intent: intent, input: input))) } catch {
                finish(.failure(error))
            }
        }
        guard let systemCall = instance.systemCall else {
            instance.perform(action)
            return {}
        }
        return systemCall("intent \(intent)", action)
    }
}
