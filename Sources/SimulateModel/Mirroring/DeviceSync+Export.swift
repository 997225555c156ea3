import SimulateCloudKit
import SimulateCore

/// One modify operation under way: what it carries, to settle each item when the answer comes.
struct ExportBatch {
    var objects: [ModelObject] = []
    var generations: [UInt32] = []
    var records: [CloudRecord] = []
    var contexts: [ConflictLedger.SaveContext] = []
    var linkSaves: [String] = []
    var deletes: [String] = []
    var linkRemovals: [String] = []

    var isEmpty: Bool { records.isEmpty && deletes.isEmpty && linkRemovals.isEmpty }
    var count: Int { records.count + deletes.count + linkRemovals.count }
}

extension DeviceSync {
    func exportNext() {
        let batch = takeBatch()
        guard !batch.isEmpty else {
            trace.end(device.id, "sync", "export", value: Int64(exportedRecords))
            startImport()
            return
        }
        let zone = MirrorShared.zoneID
        let recordIDs =
            batch.deletes.map { CloudRecordID(recordName: $0, zoneID: zone) }
            + batch.linkRemovals.map { CloudRecordID(recordName: $0, zoneID: zone) }
        let (records, contexts, shared, device) = (batch.records, batch.contexts, shared, device)
        shared.send(
            from: device, { shared.serveModify(records, contexts, deleting: recordIDs, from: device) }
        ) { [self] result in
            switch result {
            case .success(let modify):
                settle(batch, modify)
                exportNext()
            case .failure(let error):
                requeue(batch)
                if error.code == .limitExceeded && batchLimit > 1 {
                    batchLimit = max(1, batchLimit / 2)
                    trace.instant(device.id, "sync", "export.split", value: Int64(batchLimit))
                    exportNext()
                    return
                }
                trace.end(device.id, "sync", "export", "failed: \(error)", value: -1)
                finishPass(failure: error)
            }
        }
    }

    /// Up to `batchLimit` items: dirty objects first, then links, then deletions.
    private func takeBatch() -> ExportBatch {
        var batch = ExportBatch()
        let policy = shared.configuration.conflictPolicy
        let deviceIndex = Int32(device.index)
        while batch.count < batchLimit && queueHead < store.exportQueue.count {
            let object = store.exportQueue[queueHead]
            queueHead += 1
            object.isQueued = false
            guard store.holds(object), object.isDirty else { continue }
            batch.objects.append(object)
            batch.generations.append(object.generation)
            batch.records.append(record(for: object, policy: policy))
            batch.contexts.append(
                ConflictLedger.SaveContext(
                    device: deviceIndex, baseTag: object.baseTag, editTime: object.editTime,
                    slot: object.slot))
            object.wasSent = true
        }
        compactQueue()
        let links = store.links.takePending(limit: batchLimit - batch.count)
        batch.linkSaves = links.saves.map(\.name)
        batch.linkRemovals = links.removals
        batch.records += links.saves.map { linkRecord($0.name, $0.pair) }
        let deletes = min(batchLimit - batch.count, store.pendingDeletes.count)
        if deletes > 0 {
            batch.deletes = Array(store.pendingDeletes.prefix(deletes))
            store.pendingDeletes.removeFirst(deletes)
            for name in batch.deletes { store.pendingDeleteSet.remove(name) }
        }
        return batch
    }

    private func compactQueue() {
        guard queueHead > 1024 && queueHead * 2 > store.exportQueue.count else { return }
        store.exportQueue.removeFirst(queueHead)
        queueHead = 0
    }

    static let entityNameField = "CD_entityName"

    /// The record to send: every field for a new record or under record-level last-writer-wins, the
    /// changed ones under per-property merge.
    func record(for object: ModelObject, policy: ModelConfiguration.ConflictPolicy) -> CloudRecord {
        let entity = object.entity
        guard var record = object.record else {
            var fields = CloudFields()
            // Room for the fields that have values and CD_entityName, as adding them one by one would end with.
            let valued = object.local.map { values in values.count { if case .null = $0 { false } else { true } } }
            if let valued { fields.reserveCapacity(valued + 1) }
            // "Reading CloudKit Records for Core Data": every record names its entity.
            fields[Self.entityNameField] = .string(entity.name)
            for field in 0..<entity.fieldCount {
                if let value = FieldCoding.field(object.value(field)) { fields[entity.fieldKeys[field]] = value }
            }
            shared.shareKeys(&fields, entity: entity)
            return CloudRecord(
                recordType: entity.recordType,
                recordID: CloudRecordID(recordName: object.id, zoneID: MirrorShared.zoneID), fields: fields)
        }
        for field in 0..<entity.fieldCount
        where policy == .recordLastWriterWins || object.dirtyMask & (1 << UInt64(field)) != 0 {
            record[entity.fieldKeys[field]] = FieldCoding.field(object.value(field))
        }
        return record
    }

    /// A `CDMR` record: both entity names, both relationship names and both record names, in the
    /// order of the entity names ("Reading CloudKit Records for Core Data").
    private func linkRecord(_ name: String, _ pair: LinkSet.Pair) -> CloudRecord {
        let sides = pair.relation.split(separator: ".").map(String.init)
        var entities = sides.first ?? ""
        var relationships = sides.last ?? ""
        if let entity = shared.layout.entity(named: entities), let spec = entity.spec.relationship(named: relationships)
        {
            entities += ":" + spec.destination
            relationships += ":" + (spec.inverse ?? "")
        }
        return CloudRecord(
            recordType: MirrorShared.linkRecordType,
            recordID: CloudRecordID(recordName: name, zoneID: MirrorShared.zoneID),
            fields: [
                "CD_entityNames": .string(entities), "CD_relationships": .string(relationships),
                "CD_recordNames": .string(pair.first + ":" + pair.second),
            ])
    }

    private func requeue(_ batch: ExportBatch) {
        for object in batch.objects where store.holds(object) { store.enqueue(object) }
        store.links.requeue(saves: batch.linkSaves, removals: batch.linkRemovals)
        for name in batch.deletes.reversed() where store.pendingDeleteSet.insert(name).inserted {
            store.pendingDeletes.insert(name, at: 0)
        }
    }
}
