/// A simulated device: one app instance with its own clock and its own network link.
public final class Device: Sendable {
    /// The scenario's name for the device.
    public let id: String
    /// The platform it runs.
    public let platform: Platform
    /// The device's own clock reads true time plus this skew.
    public let clockSkew: VirtualDuration
    /// The app runs in Simulator: seed 000, "Push notifications do not work on Simulator".
    public let isSimulator: Bool
    /// Position in the scenario's device list.
    public let index: Int

    /// A device at position `index` of the scenario's list.
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

/// The platform a device runs (`platform` in a scenario).
public enum Platform: String, Sendable, CaseIterable {
    /// iPhone.
    case iOS
    /// iPad.
    case iPadOS
    /// Mac.
    case macOS
    /// Apple Watch.
    case watchOS
    /// Apple Vision Pro.
    case visionOS
}
