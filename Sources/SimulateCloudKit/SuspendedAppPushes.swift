import SimulateCore

/// What the system does with the silent pushes of an app it has suspended (a `background` fault): it
/// holds them and hands the app one, for all of them, when the app returns to the foreground.
///
/// The toolkit's *assumption*: Apple's "Pushing background updates to your App" says a background
/// notification "wakes your app in the background", but also that "the system treats background
/// notifications as low priority … doesn't guarantee their delivery" and "may throttle" them; the
/// toolkit takes the case an app must survive, no wake-up while suspended, and delivers the held push
/// on return (the app then learns of the changes, as it would from its own foreground refresh).
public final class SuspendedAppPushes {
    private let context: SimulationContext
    private let receive: (Device) -> Void
    private var held: [Bool]
    /// Pushes that reached a suspended app (each held; one per device is handed over on return).
    public private(set) var heldCount = 0

    /// `receive` is called on the device when the app gets a push: at once, or on its return to the
    /// foreground. The network's lifecycle observers keep the object for the run.
    public init(context: SimulationContext, receive: @escaping (Device) -> Void) {
        self.context = context
        self.receive = receive
        held = Array(repeating: false, count: context.devices.count)
        context.network.observeLifecycle { [self] device, inBackground in
            if !inBackground { returned(device) }
        }
    }

    /// A push reached the device: the app gets it now, or holds it while suspended.
    public func arrived(_ device: Device) {
        guard context.network.isInBackground(device) else {
            receive(device)
            return
        }
        heldCount += 1
        held[device.index] = true
        context.trace.instant(device.id, "push", "push.held", "app suspended")
    }

    private func returned(_ device: Device) {
        guard held[device.index] else { return }
        held[device.index] = false
        context.trace.instant(device.id, "push", "push.released", "back in the foreground")
        receive(device)
    }
}
