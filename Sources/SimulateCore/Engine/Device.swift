/// A simulated device: one app instance with its own clock and its own network link.
public final class Device: Sendable {
    public let id: String
    public let platform: Platform
    /// The device's own clock reads true time plus this skew.
    public let clockSkew: VirtualDuration
    /// The app runs in Simulator: seed 000, "Push notifications do not work on Simulator".
    public let isSimulator: Bool
    /// Position in the scenario's device list.
    public let index: Int

    public init(
        id: String, platform: Platform = .iOS, clockSkew: VirtualDuration = .zero, simulator: Bool = false, index: Int
    ) {
        isSimulator = simulator
        self.id = id
        self.platform = platform
        self.clockSkew = clockSkew
        self.index = index
    }

    /// What the device's own clock shows at the given true time.
    public func localTime(at trueTime: VirtualInstant) -> VirtualInstant {
        trueTime.addingClamped(clockSkew)
    }
}

public enum Platform: String, Sendable, CaseIterable {
    case iOS, iPadOS, macOS, watchOS, visionOS
}
