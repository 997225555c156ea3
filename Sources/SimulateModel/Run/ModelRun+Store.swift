import SimulateCore
import SimulateJSON

extension ModelRun: ModelStoreService {
    public var entityNames: [String] { layout.entities.map(\.name) }

    public func insert(entity name: String, id: String?, values: JSONObject, on device: Device) -> Result<
        JSON, ModelStoreError
    > {
        Result { () throws(ModelStoreError) -> JSON in
            let object = try insertObject(entity: name, id: id, values: .json(values), on: device)
            return object.json(toMany: toMany(object, stores[device.index]), names: stores[device.index].names)
        }
    }

    /// Inserts and saves one object (the work of `insert`, without building its JSON).
    func insertObject(entity name: String, id: String?, values: StepValues, on device: Device)
        throws(ModelStoreError) -> ModelObject
    {
        do {
            let store = try self.store(device)
            let entity = try self.entity(name)
            if let id, !Identifier.isValid(id) {
                throw ModelStoreError(
                    .invalidValue, "\(BoundedQuote.quote(id)) is not a valid id (expected [A-Za-z][A-Za-z0-9_-]*)")
            }
            let assignment = try ValueAssignment.resolve(values, entity: entity, store: store)
            let object = try store.insert(entity, id: id, now: context.now)
            applyDefaults(object, store: store, except: assignment.fields.map(\.field))
            assignment.apply(to: object, store: store, now: context.now)
            noteCreation(object, on: device)
            context.trace.instant(device.id, "model", "insert", "\(entity.name) \(object.id)")
            store.onLocalChange?()
            allocateDisplayID(object, on: device)
            return object
        }
    }

    public func update(entity name: String, where predicate: JSON?, values: JSONObject, on device: Device)
        -> Result<[JSON], ModelStoreError>
    {
        Result { () throws(ModelStoreError) in try parse(predicate, entity: name, on: device) }.flatMap {
            update(entity: name, matching: $0, values: .json(values), on: device)
        }
    }

    /// `update` with a predicate decoded when the scenario loaded.
    func update(entity name: String, matching predicate: ModelPredicate?, values: StepValues, on device: Device)
        -> Result<[JSON], ModelStoreError>
    {
        Result { () throws(ModelStoreError) -> [JSON] in
            let store = try self.store(device)
            let entity = try self.entity(name)
            let matches = try self.matches(entity, predicate, store)
            let assignment = try ValueAssignment.resolve(values, entity: entity, store: store)
            for object in matches {
                assignment.apply(to: object, store: store, now: context.now)
                context.trace.instant(device.id, "model", "update", "\(entity.name) \(object.id)")
            }
            if !matches.isEmpty { store.onLocalChange?() }
            return matches.map { $0.json(toMany: toMany($0, store), names: store.names) }
        }
    }

    public func delete(entity name: String, where predicate: JSON?, on device: Device) -> Result<Int, ModelStoreError> {
        Result { () throws(ModelStoreError) in try parse(predicate, entity: name, on: device) }.flatMap {
            delete(entity: name, matching: $0, on: device)
        }
    }

    /// `delete` with a predicate decoded when the scenario loaded.
    func delete(entity name: String, matching predicate: ModelPredicate?, on device: Device)
        -> Result<Int, ModelStoreError>
    {
        Result { () throws(ModelStoreError) -> Int in
            let store = try self.store(device)
            let entity = try self.entity(name)
            var deleted = 0
            for object in try matches(entity, predicate, store) where store.holds(object) {
                deleted += try store.delete(object, now: context.now).count
                context.trace.instant(device.id, "model", "delete", "\(entity.name) \(object.id)")
            }
            return deleted
        }
    }

    public func fetch(entity name: String, where predicate: JSON?, on device: Device) -> Result<[JSON], ModelStoreError>
    {
        Result { () throws(ModelStoreError) in try parse(predicate, entity: name, on: device) }.flatMap {
            fetch(entity: name, matching: $0, on: device)
        }
    }

    /// `fetch` with a predicate decoded when the scenario loaded.
    func fetch(entity name: String, matching predicate: ModelPredicate?, on device: Device)
        -> Result<[JSON], ModelStoreError>
    {
        Result { () throws(ModelStoreError) -> [JSON] in
            let store = try self.store(device)
            let entity = try self.entity(name)
            return try matches(entity, predicate, store).map { $0.json(toMany: toMany($0, store), names: store.names) }
        }
    }

    // MARK: Helpers

    func store(_ device: Device) throws(ModelStoreError) -> ModelStore {
        guard device.index < stores.count, stores[device.index].device === device else {
            throw ModelStoreError(.unknownDevice, "device \"\(device.id)\" is not part of this run")
        }
        if loadFailure != nil {
            throw ModelStoreError(
                .storeLoadFailed,
                "Store failed to load. Error Domain=NSCocoaErrorDomain Code=134060 \"A Core Data error occurred.\" "
                    + "(the failure reason is model.schemaError)")
        }
        return stores[device.index]
    }

    func entity(_ name: String) throws(ModelStoreError) -> StoreLayout.Entity {
        guard let entity = layout.entity(named: name) else {
            throw ModelStoreError(.unknownEntity, ModelConfiguration.unknownEntity(name, layout))
        }
        return entity
    }

    /// A predicate a service caller passes as JSON (nil: every object); the store and the entity are
    /// checked first, so their errors come before the predicate's.
    private func parse(_ predicate: JSON?, entity name: String, on device: Device) throws(ModelStoreError)
        -> ModelPredicate?
    {
        _ = try store(device)
        _ = try entity(name)
        guard let predicate else { return nil }
        switch ModelPredicate.parse(predicate) {
        case .success(let value): return value
        case .failure(let error):
            throw ModelStoreError(
                .invalidPredicate, "\(error.path.description.isEmpty ? "" : "\(error.path): ")\(error.message)")
        }
    }

    func matches(_ entity: StoreLayout.Entity, _ predicate: ModelPredicate?, _ store: ModelStore)
        throws(ModelStoreError) -> [ModelObject]
    {
        guard let parsed = predicate else { return store.all(entity) }
        let evaluator = try PredicateEvaluator(parsed, entity: entity, store: store)
        return store.all(entity).filter(evaluator.matches)
    }

    func toMany(_ object: ModelObject, _ store: ModelStore) -> [(String, JSON)] {
        object.entity.toMany.map { relationship in
            (
                relationship.name,
                .array(store.toManyTargets(object, relationship).map(store.handle).sorted().map(JSON.string))
            )
        }
    }

    /// Declared defaults: `"now"` is the device's own clock, `"random"` a seeded UUID.
    private func applyDefaults(_ object: ModelObject, store: ModelStore, except given: [Int]) {
        for (field, attribute) in object.entity.attributes.enumerated() where !given.contains(field) {
            guard let value = attribute.defaultValue else { continue }
            let resolved: JSON
            switch value {
            case .string("now") where attribute.type == .date:
                resolved = .string(
                    ValueCoding.dateString(localNanoseconds: store.device.localTime(at: context.now).nanoseconds))
            case .string("random") where attribute.type == .uuid:
                let random = uuidRandom[store.device.index].next()
                resolved = .string(ValueCoding.uuidString(random, uuidRandom[store.device.index].next()))
            default:
                resolved = value
            }
            store.set(object, field: field, to: resolved, now: context.now)
        }
    }

    /// Inserting the configured entity asks the counter plugin for a displayId on that device.
    private func allocateDisplayID(_ object: ModelObject, on device: Device) {
        guard let target = configuration.displayID, target.entity == object.entity.name,
            let field = object.entity.fieldIndexByName[target.attribute], let allocator = shared?.displayIDs
        else { return }
        let store = stores[device.index]
        allocator.allocateDisplayID(on: device) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let displayID):
                guard store.holds(object) else { return }
                store.set(object, field: field, to: .integer(Int64(displayID)), now: context.now)
                context.trace.instant(device.id, "model", "displayId", object.id, value: Int64(displayID))
                store.onLocalChange?()
            case .failure(let error):
                let failure = ModelStoreError(
                    .allocationFailed, "displayId allocation for \(store.handle(object)) failed: \(error)",
                    keyPath: target.attribute)
                lastError[device.index] = failure.json
                context.trace.instant(device.id, "model", "error", "\(failure.code.rawValue): \(failure.message)")
            }
        }
    }
}
