import SimulateCloudKit
import SimulateCore

/// `saveBatch`: one device saves many records in one operation (field report 9). A client that splits
/// halves the batch on `limitExceeded`; one that does not retries the same batch until `maxAttempts`.
extension CounterRun {
    func saveBatch(on device: Device, records count: Int, split: Bool) {
        let zoneID = CloudZoneID(configuration.zoneName)
        let batch = context.now
        let records = (0..<max(1, count)).map { index in
            CloudRecord(
                recordType: "Item",
                recordID: CloudRecordID(recordName: "item-\(device.id)-\(batch)-\(index)", zoneID: zoneID),
                fields: ["index": .int(Int64(index))])
        }
        send(records, from: device, split: split, attempt: 1, depth: 0)
    }

    private func send(_ records: [CloudRecord], from device: Device, split: Bool, attempt: Int, depth: Int) {
        let client = allocators[device.index].client
        context.trace.instant(
            device.id, "counter", "saveBatch", "\(records.count) records", value: Int64(records.count))
        client.modify(saving: records, savePolicy: .allKeys) { [self] result in
            switch result {
            case .success(let modify):
                let saved = modify.saveResults.count { $0.record != nil }
                batchSaved[device.index] += saved
                if saved < records.count {
                    // partialFailure: the items' own errors; a batch with a failed item has not done its job.
                    batchFailures += 1
                    context.trace.instant(
                        device.id, "counter", "saveBatch.partialFailure", "\(records.count - saved) items failed",
                        value: Int64(records.count - saved))
                }
            case .failure(let error) where error.code == .limitExceeded:
                log.limitExceeded += 1
                if split && records.count > 1 && depth < 32 {
                    let middle = records.count / 2
                    send(Array(records[..<middle]), from: device, split: split, attempt: 1, depth: depth + 1)
                    send(Array(records[middle...]), from: device, split: split, attempt: 1, depth: depth + 1)
                } else {
                    retry(records, from: device, split: split, attempt: attempt, depth: depth, after: error)
                }
            case .failure(let error) where error.code.isTransient:
                retry(records, from: device, split: split, attempt: attempt, depth: depth, after: error)
            case .failure:
                batchFailures += 1
            }
        }
    }

    private func retry(
        _ records: [CloudRecord], from device: Device, split: Bool, attempt: Int, depth: Int, after error: CloudKitError
    ) {
        guard attempt < configuration.maxAttempts else {
            batchFailures += 1
            context.trace.instant(device.id, "counter", "saveBatch.failed", "\(error)", value: Int64(attempt))
            return
        }
        let delay = max(configuration.backoffInitial, VirtualDuration(clampingSeconds: error.retryAfterSeconds ?? 0))
        context.scheduler.schedule(after: delay) { [self] in
            send(records, from: device, split: split, attempt: attempt + 1, depth: depth)
        }
    }
}
