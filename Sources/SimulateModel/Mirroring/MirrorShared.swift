import SimulateCloudKit
import SimulateCore

/// What every device's mirroring shares: the CloudKit server and zone, the configuration, the push
/// model, and the server-side conflict ledger.
final class MirrorShared {
    static let zoneID = CloudZoneID("com.apple.coredata.cloudkit.zone")
    /// Core Data's record type for many-to-many links.
    static let linkRecordType = "CDMR"

    let context: SimulationContext
    let configuration: ModelConfiguration
    let layout: StoreLayout
    let server: CloudKitRecordServer
    let ledger = ConflictLedger()
    let push: SilentPushChannel
    let pager: ChangeFeedPager
    let deviceNames: [String]
    /// False when the schema breaks CloudKit's rules: the store loads without mirroring.
    let enabled: Bool
    var displayIDs: DisplayIDAllocating?
    /// How many times a device saved the zone again after it was deleted (DeviceSync+ZoneRecovery).
    var zoneGeneration = 0
    /// Record names numbered for the run (the stores' numbering).
    let names: NameTable
    /// The latest box of each record name by its number, so devices importing the same version share it.
    @exclusivity(unchecked) private var boxes: [RecordBox?] = []
    /// The same boxes by change tag (a server-wide counter, so a tag names one version of one record).
    @exclusivity(unchecked) private var boxesByTag = RecordBoxesByTag()
    /// Per entity index: the keys of the last record made, which the next record with the same keys shares.
    @exclusivity(unchecked) private var recordKeys: [[String]] = []

    /// Makes a new record's fields share their key array with the last record of the entity's.
    func shareKeys(_ fields: inout CloudFields, entity: StoreLayout.Entity) {
        let index = entity.index
        if index >= recordKeys.count { recordKeys += repeatElement([], count: index + 1 - recordKeys.count) }
        fields.shareKeys(with: &recordKeys[index])
    }

    /// Every record name saved to the zone through the model, for reading the server's state back.
    /// (By the numbers of their names.)
    @exclusivity(unchecked) private var saved: [Bool] = []

    init(
        context: SimulationContext, configuration: ModelConfiguration, layout: StoreLayout,
        server: CloudKitRecordServer, names: NameTable, enabled: Bool
    ) {
        self.names = names
        self.context = context
        self.configuration = configuration
        self.layout = layout
        self.server = server
        self.enabled = enabled
        push = SilentPushChannel(
            context: context, delivery: configuration.push.delivery, randomComponent: "model.push")
        pager = ChangeFeedPager(server: server)
        deviceNames = context.devices.map(\.id)
    }

    /// The number of the record's name: read from the box of its version when there is one, so a
    /// version already seen hashes no name.
    func slot(of record: CloudRecord) -> Int {
        let tag = Int(truncatingIfNeeded: record.changeTag?.rawValue ?? 0)
        if let box = boxesByTag.box(tag: tag) { return box.slot }
        return names.intern(record.recordID.recordName)
    }

    func box(_ record: CloudRecord) -> RecordBox { box(record, slot: slot(of: record)) }

    /// The shared box of the record's version; `slot` is the number of its name.
    func box(_ record: CloudRecord, slot: Int) -> RecordBox {
        let tag = Int(truncatingIfNeeded: record.changeTag?.rawValue ?? 0)
        if let box = boxesByTag.box(tag: tag) { return box }
        if slot >= boxes.count { boxes += repeatElement(nil, count: max(slot + 1, boxes.count * 2) - boxes.count) }
        var replaced: RecordBox?
        let box = Self.reuse(&boxes[slot], record, slot: slot, layout: layout, replaced: &replaced)
        if let replaced { boxesByTag.remove(replaced) }
        boxesByTag.insert(box, records: boxes.count)
        return box
    }

    /// One hash lookup for both the hit and the miss.
    private static func reuse(
        _ entry: inout RecordBox?, _ record: CloudRecord, slot: Int, layout: StoreLayout, replaced: inout RecordBox?
    ) -> RecordBox {
        if let box = entry, box.tag == record.changeTag?.rawValue ?? 0 { return box }
        replaced = entry
        let box = RecordBox(record, slot: slot, entity: layout.entity(of: record))
        entry = box
        return box
    }

    /// Sends one operation to the server over the device's link, mapping network failures to CloudKit's errors.
    func send<Response>(
        from device: Device, _ serve: @escaping () -> Result<Response, CloudKitError>,
        completion: @escaping (Result<Response, CloudKitError>) -> Void
    ) {
        context.network.request(
            from: device, to: CloudKitRecordServer.networkName,
            timeout: configuration.requestTimeout, serve: serve
        ) { result in
            switch result {
            case .success(let response): completion(response)
            case .failure(.offline): completion(.failure(CloudKitError(.networkUnavailable, "the device is offline")))
            case .failure(let error): completion(.failure(CloudKitError(.networkFailure, "\(error)")))
            }
        }
    }

    /// Every record of the zone whose name the model saved, with the number of its name, in the order
    /// the zone's change log keeps them: read in place, not each saved name looked up by ID (at a million
    /// records each lookup missed the cache two or three times, docs/performance.md).
    func forEachSavedRecord(_ body: (CloudRecord, Int) -> Void) {
        server.forEachRecord(in: Self.zoneID) { record in
            let tag = Int(truncatingIfNeeded: record.changeTag?.rawValue ?? 0)
            guard let slot = boxesByTag.box(tag: tag)?.slot ?? names.slot(record.recordID.recordName),
                slot < saved.count, saved[slot]
            else { return }
            body(record, slot)
        }
    }

    private func noteSaved(_ slot: Int) {
        if slot >= saved.count { saved += repeatElement(false, count: max(slot + 1, saved.count * 2) - saved.count) }
        saved[slot] = true
    }

    /// Server side of an export: the modify, the ledger, and the subscription's pushes.
    func serveModify(
        _ records: [CloudRecord], _ contexts: [ConflictLedger.SaveContext], deleting recordIDs: [CloudRecordID],
        from device: Device
    ) -> Result<CloudModifyResult, CloudKitError> {
        if let oversized = oversizedRecord(records) { return .failure(oversized) }
        // A record sent without a change tag is saved only when the server has none.
        let before = records.map { $0.changeTag == nil ? nil : server.record($0.recordID) }
        let result = server.modify(
            saving: records, deleting: recordIDs, savePolicy: .ifServerRecordUnchanged,
            atomic: configuration.atomicExports, requester: device.id)
        guard case .success(let modify) = result else { return result }
        var changed = false
        for (index, outcome) in modify.saveResults.enumerated() {
            guard let saved = outcome.record else { continue }
            changed = true
            noteSaved(index < contexts.count ? contexts[index].slot : names.intern(saved.recordID.recordName))
            if index < contexts.count {
                ledger.noteSave(
                    sent: records[index], before: before[index], saved: saved, context: contexts[index],
                    deviceNames: deviceNames, now: context.now)
            }
        }
        for outcome in modify.deleteResults where outcome.error == nil {
            changed = true
            ledger.noteDelete(slot: names.slot(outcome.recordID.recordName))
        }
        if changed {
            pager.zoneChanged()
            if configuration.push.enabled { push.send(from: device) }
        }
        return result
    }
}

extension ModelConfiguration.PushModel {
    /// The zone subscription's pushes on the shared channel.
    var delivery: SilentPushChannel.Delivery {
        SilentPushChannel.Delivery(delay: delayMin...delayMax, dropProbability: dropProbability, coalesce: coalesce)
    }
}
