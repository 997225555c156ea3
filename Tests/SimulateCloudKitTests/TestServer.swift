import SimulateCore

@testable import SimulateCloudKit

/// A server on its own scheduler with `zone` saved, keeping no trace.
func makeTestServer(
    zone: CloudZoneID, loadModel: CloudKitLoadModel = .unlimited, seed: UInt64 = 7
) -> (server: CloudKitRecordServer, scheduler: Scheduler) {
    let scheduler = Scheduler()
    let server = CloudKitRecordServer(
        scheduler: scheduler, trace: Trace(scheduler: scheduler, keepsRecords: false), random: SeededRandom(seed: seed),
        loadModel: loadModel)
    server.saveZone(CloudZone(zoneID: zone))
    return (server, scheduler)
}
