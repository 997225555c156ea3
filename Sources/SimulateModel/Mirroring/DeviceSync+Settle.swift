import SimulateCloudKit
import SimulateCore

extension DeviceSync {
    /// Applies a modify operation's per-item answers.
    func settle(_ batch: ExportBatch, _ modify: CloudModifyResult) {
        for (index, object) in batch.objects.enumerated() {
            let outcome = modify.saveResults[index]
            switch outcome.result {
            case .success(let saved):
                exportedRecords += 1
                acknowledge(object, saved: saved, generation: batch.generations[index])
            case .failure(let error):
                handleSaveError(object, error)
            }
        }
        for (offset, name) in batch.linkSaves.enumerated() {
            let outcome = modify.saveResults[batch.objects.count + offset]
            if let error = outcome.error, error.code != .serverRecordChanged {
                store.links.requeue(saves: [name], removals: [])
                _ = retryAllowed(name, error)
            }
        }
        let removals = batch.deletes.count
        for (index, result) in modify.deleteResults.enumerated() {
            guard let error = result.error, error.code != .unknownItem else { continue }
            if index < removals {
                let name = batch.deletes[index]
                guard !store.contains(name) else { continue }
                if retryAllowed(name, error) {
                    if store.pendingDeleteSet.insert(name).inserted { store.pendingDeletes.append(name) }
                } else {
                    deferredDeletes.append(name)
                }
            } else {
                store.links.requeue(saves: [], removals: [batch.linkRemovals[index - removals]])
            }
        }
    }

    private func acknowledge(_ object: ModelObject, saved: CloudRecord, generation: UInt32) {
        object.box = shared.box(saved, slot: object.slot)
        object.baseTag = object.box?.tag ?? object.baseTag
        if object.generation == generation {
            object.acknowledgeEdits()
        } else {
            store.enqueue(object)
        }
    }

    private func handleSaveError(_ object: ModelObject, _ error: CloudKitError) {
        guard store.holds(object) else { return }
        switch error.code {
        case .serverRecordChanged:
            conflicts += 1
            guard let server = error.serverRecord else {
                deferred.append(object)
                return
            }
            if object.dirtyMask == 0 && reuploads.remove(object.slot) != nil {
                adoptServerVersion(object, server)
                return
            }
            resolveConflict(object, server: server)
            if retryAllowed(object.id, error) { store.enqueue(object) } else { deferred.append(object) }
        case .unknownItem:
            trace.instant(device.id, "conflict", "deletedOnServer", object.id)
            _ = try? store.delete(object, now: now, remote: true)
        case .batchRequestFailed:
            store.enqueue(object)
        default:
            if retryAllowed(object.id, error) { store.enqueue(object) } else { deferred.append(object) }
        }
    }

    /// Takes the server's version as the base of the next save, according to the conflict policy.
    private func resolveConflict(_ object: ModelObject, server: CloudRecord) {
        let policy = shared.configuration.conflictPolicy
        trace.instant(
            device.id, "conflict", "serverRecordChanged", "\(object.id) \(policy.rawValue)",
            value: Int64(server.changeTag?.rawValue ?? 0))
        object.makeLocal()
        object.box = shared.box(server, slot: object.slot)
        guard policy == .propertyMerge else { return }
        let entity = object.entity
        for field in 0..<entity.fieldCount where object.dirtyMask & (1 << UInt64(field)) == 0 {
            let value = FieldCoding.json(server[entity.fieldKeys[field]])
            if entity.isRelationshipField(field) {
                store.unindex(object.id, field: field, target: object.reference(field))
                store.index(object.id, field: field, target: value.stringValue)
            }
            object.setLocal(field, value)
        }
    }

    /// Counts an attempt; false once the record used up this pass's retries.
    private func retryAllowed(_ name: String, _ error: CloudKitError) -> Bool {
        let attempts = (conflictRetries[name] ?? 0) + 1
        conflictRetries[name] = attempts
        if attempts > shared.configuration.maxConflictRetries {
            trace.instant(device.id, "conflict", "retriesExhausted", "\(name): \(error)", value: Int64(attempts))
            return false
        }
        return true
    }
}
