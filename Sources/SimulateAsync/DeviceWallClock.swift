import Foundation
import SimulateCore

/// A device's own wall clock under simulation: virtual time plus the device's `clockSkew`, as `Date`s.
/// Inject ``now`` (or ``dateProvider``) where app code reads `Date()`.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
public struct DeviceWallClock: Sendable {
    /// The date at virtual time zero, unless a run sets another: 2025-01-01T00:00:00Z. An assumption of
    /// this toolkit (scenarios have no calendar date); only differences between dates mean anything.
    public static let defaultEpoch = Date(timeIntervalSince1970: 1_735_689_600)

    let runtime: SimulationRuntime
    /// The device whose clock this is (its `clockSkew` applies).
    public let device: Device
    /// The date at virtual time zero.
    public let epoch: Date

    /// What the device's clock shows now.
    public var now: Date {
        let local = device.localTime(at: runtime.scheduler.now)
        return epoch.addingTimeInterval(local.sinceStart.seconds)
    }

    /// ``now`` as a function, for code that takes `() -> Date`.
    public var dateProvider: @Sendable () -> Date { { now } }
}

@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
extension SimulationRuntime {
    /// `device`'s own wall clock (virtual time plus its skew) as dates.
    public func wallClock(for device: Device, epoch: Date = DeviceWallClock.defaultEpoch) -> DeviceWallClock {
        DeviceWallClock(runtime: self, device: device, epoch: epoch)
    }
}
