import SimulateCore
import SimulateJSON

extension ModelRun {
    public func perform(_ action: ModelAction, device: Device?) {
        if action.kind == .expireChangeTokens {
            if let server = shared?.server {
                server.expireChangeTokens(in: MirrorShared.zoneID)
                shared?.pager.zoneChanged()
            }
            return
        }
        guard let device else {
            preconditionFailure("model actions but expireChangeTokens are declared to need a device")
        }
        let entity = action.entity
        let predicate = action.parsedPredicate
        let values = action.typedValues.map(StepValues.typed) ?? .json(action.values)
        switch action.kind {
        case .insert:
            let result = Result { () throws(ModelStoreError) -> ModelObject in
                try insertObject(entity: entity, id: action.id, values: values, on: device)
            }
            record(result, device) { _ in }
        case .update:
            record(update(entity: entity, matching: predicate, values: values, on: device), device) { _ in }
        case .delete:
            record(delete(entity: entity, matching: predicate, on: device), device) { _ in }
        case .fetch:
            let result = fetch(entity: entity, matching: predicate, on: device)
            lastFetch[device.index] = (try? result.get()).map { .array($0) } ?? .null
            record(result, device) { _ in }
        case .sync:
            syncs[device.index].requestPass(.manual)
        case .foreground:
            syncs[device.index].requestPass(.foreground)
        case .throttleSync:
            if let throttle = action.throttle {
                syncs[device.index].throttle(for: throttle.length, every: throttle.every)
            }
        case .deduplicate:
            record(deduplicate(entity: entity, by: action.by, on: device), device) { _ in }
        case .expireChangeTokens:
            break
        }
    }

    private func record<Value>(_ result: Result<Value, ModelStoreError>, _ device: Device, _ body: (Value) -> Void) {
        switch result {
        case .success(let value):
            lastError[device.index] = .null
            body(value)
        case .failure(let error):
            lastError[device.index] = error.json
            context.trace.instant(device.id, "model", "error", "\(error.code.rawValue): \(error.message)")
        }
    }

    public func observe(_ observable: ModelObservable, device: Device?) -> JSON {
        switch observable {
        case .objects(let name):
            guard let device, let entity = layout.entity(named: name) else { return .null }
            let store = stores[device.index]
            return .array(store.all(entity).map { $0.json(toMany: toMany($0, store), names: store.names) })
        case .serverObjects(let name):
            guard let entity = layout.entity(named: name) else { return .null }
            return .array(ServerSnapshot(self).objects(of: entity))
        case .serverRecords(let recordType):
            return .array(serverRecords(ofType: recordType))
        case .count(let name):
            guard let device else { return .null }
            let store = stores[device.index]
            if let entity = name.flatMap({ layout.entity(named: $0) }) {
                return .integer(Int64(store.views.reduce(0) { $0 + ($1.entity === entity ? 1 : 0) }))
            }
            return .integer(Int64(store.objectCount))
        case .lastFetch:
            return device.map { lastFetch[$0.index] } ?? .null
        case .lastError:
            return device.map { lastError[$0.index] } ?? .null
        case .pendingChanges:
            return device.map { .integer(Int64(stores[$0.index].pendingChangeCount)) } ?? .null
        case .unlinked:
            return device.map { .integer(Int64(stores[$0.index].unlinkedCount)) } ?? .null
        case .schemaError:
            return CloudKitModelValidator.failureReason(schemaGroups).map { .string($0) } ?? .null
        }
    }
}
