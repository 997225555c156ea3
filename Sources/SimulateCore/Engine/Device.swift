/// A simulated device: one app instance with its own clock and its own network link.
public final class Device: Sendable {
    public let id: String
    public let platform: Platform
    /// The device's own clock reads true time plus this skew.
    public let clockSkewNanoseconds: Int64
    /// The app runs in Simulator: seed 000, "Push notifications do not work on Simulator".
    public let isSimulator: Bool
    /// Position in the scenario's device list.
    public let index: Int

    public init(
        id: String, platform: Platform = .iOS, clockSkewNanoseconds: Int64 = 0, simulator: Bool = false, index: Int
    ) {
        isSimulator = simulator
        self.id = id
        self.platform = platform
        self.clockSkewNanoseconds = clockSkewNanoseconds
        self.index = index
    }

    /// What the device's own clock shows at the given true time.
    public func localTime(atNanoseconds trueTime: Int64) -> Int64 {
        trueTime &+ clockSkewNanoseconds
    }
}

public enum Platform: String, Sendable, CaseIterable {
    case iOS, iPadOS, macOS, watchOS, visionOS
}
