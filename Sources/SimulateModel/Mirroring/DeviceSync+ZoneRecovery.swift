import SimulateCloudKit
import SimulateCore

/// A deleted mirroring zone (`zoneNotFound`, `userDeletedZone`: the zone and its records are gone from
/// the server): at its next pass the device keeps its store, saves the zone again and uploads every
/// object and link as new records. A device whose zone another device recreated meanwhile uploads its
/// store too. The toolkit's model of NSPersistentCloudKitContainer (an *assumption*, docs/model.md).
extension DeviceSync {
    /// Starts a pass's export, first recovering the zone when it was deleted since this device last synced.
    func startExport() {
        let zoneMissing = shared.server.zone(MirrorShared.zoneID) == nil
        guard zoneMissing || zoneGeneration != shared.zoneGeneration else {
            exportNext()
            return
        }
        forgetServerState()
        guard zoneMissing else {
            zoneGeneration = shared.zoneGeneration
            exportNext()
            return
        }
        let (shared, device) = (shared, device)
        shared.send(
            from: device,
            { () -> Result<Int, CloudKitError> in
                // Another device's save of the zone may have been served first: then the zone is not new.
                let missing = shared.server.zone(MirrorShared.zoneID) == nil
                let answer = shared.server.modifyZones(
                    saving: [CloudZone(zoneID: MirrorShared.zoneID, atomic: true)], deleting: [],
                    requester: device.id)
                return answer.flatMap { modify -> Result<Int, CloudKitError> in
                    if case .failure(let error) = modify.saveResults.first?.result { return .failure(error) }
                    if missing { shared.zoneGeneration += 1 }
                    return .success(shared.zoneGeneration)
                }
            }
        ) { [self] result in
            switch result {
            case .success(let generation):
                zoneGeneration = generation
                trace.instant(
                    device.id, "sync", "zone.recreated", MirrorShared.zoneID.zoneName, value: Int64(generation))
                exportNext()
            case .failure(let error):
                trace.end(device.id, "sync", "export", "failed: \(error)", value: -1)
                finishPass(failure: error)
            }
        }
    }

    /// The server's records are gone: drop their system fields and change token, and queue every object
    /// and link for upload as a new record. Local values and pending deletions stay.
    private func forgetServerState() {
        token = nil
        reuploads.removeAll()
        var objects = 0
        for object in store.objects where store.holds(object) {
            object.makeLocal()
            object.box = nil
            object.baseTag = 0
            reuploads.insert(object.slot)
            store.enqueue(object)
            objects += 1
        }
        let links = store.links.recordNames
        store.links.requeue(saves: links, removals: [])
        trace.instant(
            device.id, "sync", "zone.reset", "uploading \(objects) objects and \(links.count) links again",
            value: Int64(objects + links.count))
    }

    /// An object uploaded again without local edits whose record another device uploaded first: the
    /// server's version is the newer state, and the device takes it.
    func adoptServerVersion(_ object: ModelObject, _ server: CloudRecord) {
        let entity = object.entity
        let fields = entity.attributes.count..<entity.fieldCount
        let before = fields.map { object.reference($0) }
        object.box = shared.box(server, slot: object.slot)
        object.baseTag = object.box?.tag ?? 0
        object.local = nil
        for (offset, field) in fields.enumerated() where before[offset] != object.reference(field) {
            store.unindex(object.id, field: field, target: before[offset])
            store.index(object.id, field: field, target: object.reference(field))
        }
        trace.instant(device.id, "sync", "zone.adopted", object.id, value: Int64(server.changeTag?.rawValue ?? 0))
    }
}
