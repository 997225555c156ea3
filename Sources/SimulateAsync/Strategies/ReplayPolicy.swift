import SimulateCore

/// A recorded schedule (`replay:…`, `fifo`): the oldest ready job runs, except at the listed choices,
/// where `skip` older jobs are passed over (the newest runs when fewer are ready).
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
final class ReplayPolicy: SchedulePolicy {
    private let skips: [Int: Int]

    init(_ deviations: [ScheduleDeviation]) {
        skips = Dictionary(deviations.map { ($0.step, $0.skip) }, uniquingKeysWith: { $1 })
    }

    func pick(_ ready: [SimulationExecutor.ReadyJob], choice: Int) -> Int {
        ready.index(ofRank: skips[choice] ?? 0)
    }
}
