import SimulateCore

/// The fault points of one run: which are active, which calls fire, and the record of those that did.
///
/// Every decision is a hash of the run's `async/fault-points` stream, the point's name and the call's
/// number, so one point's decisions do not depend on when other points are first called, and no
/// other stream is drawn from (a run whose app code has no fault point keeps its trace hash).
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
final class FaultPoints {
    private unowned let context: SimulationContext
    private let settings: FaultPointSettings
    private let key: UInt64
    private var calls: [String: Int] = [:]

    init(context: SimulationContext) {
        self.context = context
        settings = context.scenario.faultPoints
        var random = context.random("async/fault-points")
        key = random.next()
    }

    func fires(_ name: String, record: TaskRecord) -> Bool {
        guard settings.enabled, !settings.off.contains(name) else { return false }
        let call = (calls[name] ?? 0) + 1
        calls[name] = call
        let fired: Bool
        if settings.forced.contains(name) {
            fired = true
        } else {
            let point = key ^ SeededRandom.fnv1a64(name)
            fired =
                Self.draw(point, 0) < settings.activation && Self.draw(point, UInt64(call)) < settings.firing
        }
        guard fired else { return false }
        let firing = FaultPointFiring(
            name: name, at: context.now, device: record.device.id, task: record.name, call: call)
        context.recordFaultPoint(firing)
        context.trace.instant(
            record.device.id, "fault", "fault.point", "\"\(name)\" in task \"\(record.name)\", call \(call)",
            value: Int64(bitPattern: SeededRandom.fnv1a64(name)))
        return true
    }

    /// A number in [0, 1) for one (point, call) pair.
    private static func draw(_ point: UInt64, _ call: UInt64) -> Double {
        var random = SeededRandom(seed: point &+ call &* 0x9E37_79B9_7F4A_7C15)
        return random.unitDouble()
    }
}
