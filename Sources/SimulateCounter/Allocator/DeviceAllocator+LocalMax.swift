import SimulateCloudKit

/// The `localMaxPlusOne` allocator of field report 4: the device hands out max(ids it knows) + 1 at once.
///
/// Online it first fetches the counter to learn the server's value, then writes its new value back
/// with `allKeys` without waiting; offline, or when the fetch fails, it uses what it knows.
extension DeviceAllocator {
    func allocateFromLocalMax() {
        guard let index = current else { return }
        log.setAttempts(index) { $0 = 1 }
        trace.instant(device.id, "counter", "attempt", "allocation #\(index) local max + 1", value: 1)
        guard !network.isOffline(device) else {
            handOutLocalMax(writingBack: nil)
            return
        }
        client.fetch(recordIDs: [configuration.recordID]) { [self] result in
            if case .success(let fetched) = result {
                handOutLocalMax(writingBack: fetched.record(for: configuration.recordID) ?? newCounterRecord())
            } else {
                handOutLocalMax(writingBack: nil)
            }
        }
    }

    private func handOutLocalMax(writingBack record: CloudRecord?) {
        let key = CounterConfiguration.valueKey
        if let known = record?[key]?.intValue { localMax = max(localMax, Int(known)) }
        localMax += 1
        let value = localMax
        if var record {
            record[key] = .int(Int64(value))
            client.modify(saving: [record], savePolicy: .allKeys) { [self] result in
                if case .success(let answer) = result, answer.error == nil { counterSaved(device) }
            }
        }
        complete(.success(value))
    }
}
