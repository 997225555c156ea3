import SimulateCore
import SimulateJSON

/// One device's SwiftData store: objects by record name, to-one references indexed both ways, the
/// many-to-many links, and what is waiting to be exported.
///
/// The indexes are `@exclusivity(unchecked)`: a run is single-threaded and no access to them overlaps
/// another, so the run-time checks would only cost time. Measured (docs/performance.md): with the checks on in
/// this module (store, objects, name table, mirroring, conflict ledger, run), the `model` benchmark's
/// 10 × 1,000 run took 1.24× the instructions under callgrind (661 M vs 534 M; `swift_beginAccess`
/// and its access set 75 M), the store's own share 18.7 M (3.5 %), ``MirrorShared``'s 19 M (3.6 %),
/// ``ModelObject``'s 18 M (3.4 %). Measured again as one group on d0f7662 (callgrind, the benchmark's
/// 10 × 1,000 child run, `SIMULATE_MODEL_BENCH_OBJECTS=1000 simulate-bench model`): 652 M instructions
/// with the checks on against 541 M without, 1.20×, over the 5 % that keeps a check off.
final class ModelStore {
    struct Referrer: Equatable {
        let id: String
        let field: Int
    }

    let layout: StoreLayout
    let device: Device
    /// Record names numbered for the run, shared with the other devices' stores.
    let names: NameTable
    /// Objects by their name's number in `names`. An object the device imported and has not touched
    /// since is its shared box alone until code asks for the object (``object(atSlot:)`` makes it then,
    /// once): at 10 devices × 100,000 objects, nine million objects of 32 bytes of heap each were never
    /// asked for (`simulate-bench model`, docs/performance.md).
    /// Each a ``RecordBox`` or a ``ModelObject``, as plain references: an array of a two-case enum of
    /// references keeps the case in the pointers' spare bits, where LeakSanitizer does not see them.
    @exclusivity(unchecked) private var bySlot: [ModelStorePart?] = []

    private(set) var objectCount = 0
    /// Target record name → the objects whose to-one fields name it (whether or not the target exists).
    @exclusivity(unchecked) private(set) var referrers: [String: [Referrer]] = [:]
    var links = LinkSet()
    /// Objects with edits to export, in the order they first became dirty.
    var exportQueue: [ModelObject] = []
    /// Record names to delete on the server, in order.
    var pendingDeletes: [String] = []
    @exclusivity(unchecked) var pendingDeleteSet: Set<String> = []
    private var serial = 0
    /// `Task-phone-` by entity index, with the entity name it was made for and its key in ``names``
    /// (``NameTable/registerPrefix(_:)``).
    private var idPrefixes: [(name: String, prefix: String, key: Int?)?] = []
    /// Called after every change that needs exporting.
    var onLocalChange: (() -> Void)?

    init(layout: StoreLayout, device: Device, names: NameTable = NameTable()) {
        self.layout = layout
        self.device = device
        self.names = names
        links = LinkSet(device: device.id)
        for entity in layout.entities { _ = idPrefix(for: entity) }
    }

    func object(_ id: String) -> ModelObject? {
        guard let slot = names.slot(id) else { return nil }
        return object(atSlot: slot)
    }

    func object(atSlot slot: Int) -> ModelObject? {
        guard slot < bySlot.count, let entry = Entry(bySlot[slot]) else { return nil }
        switch entry {
        case .object(let object): return object
        case .synced(let box):
            let object = ModelObject(box: box, entity: box.entity!)
            bySlot[slot] = object
            return object
        }
    }

    /// Whether an object has this name, without making it.
    func contains(_ id: String) -> Bool {
        guard let slot = names.slot(id) else { return false }
        return containsObject(atSlot: slot)
    }

    /// Lets every store's objects go slot by slot across the stores rather than store by store: the stores
    /// share the box of each record they hold as synced, and its count goes down once a store, so its ten
    /// counts land together instead of ten store-sized walks apart.
    static func emptySlotBySlot(_ stores: [ModelStore]) {
        var parts = stores.map { store in
            defer { store.bySlot = [] }
            return store.bySlot
        }
        let slotCount = parts.map(\.count).max() ?? 0
        for slot in 0..<slotCount {
            for index in parts.indices where slot < parts[index].count { parts[index][slot] = nil }
        }
    }

    /// One past the highest slot the store has held an object in.
    var slotCount: Int { bySlot.count }

    func containsObject(atSlot slot: Int) -> Bool { slot < bySlot.count && bySlot[slot] != nil }

    /// The object's view, without making an object the device only imported.
    func view(atSlot slot: Int) -> ObjectView? {
        guard slot < bySlot.count, let entry = Entry(bySlot[slot]) else { return nil }
        return ObjectView(entry)
    }

    /// The object a scenario's `@id` names: the first one (in creation order) labelled with that app
    /// identifier, else the one with that record name.
    func resolve(_ handle: String) -> ModelObject? {
        for slot in names.slots(appID: handle) {
            if let object = object(atSlot: slot) { return object }
        }
        return object(handle)
    }

    /// The object's `@id`.
    func handle(_ object: ModelObject) -> String { names.handle(slot: object.slot) }

    /// Whether `object` is in this store (not deleted or replaced), without hashing its name.
    func holds(_ object: ModelObject) -> Bool {
        let slot = object.slot
        return slot < bySlot.count && bySlot[slot] === object
    }

    /// Every object as it is, in no particular order: reading them makes none.
    var views: some Sequence<ObjectView> { bySlot.lazy.compactMap { Entry($0).map(ObjectView.init) } }

    /// Every object, in no particular order; an object the device only imported is made when reached.
    var objects: [ModelObject] { bySlot.indices.compactMap { object(atSlot: $0) } }

    /// Makes `bySlot[slot]` addressable.
    private func grow(to slot: Int) {
        if slot == bySlot.count {
            bySlot.append(nil)
        } else if slot > bySlot.count {
            bySlot += repeatElement(nil, count: slot + 1 - bySlot.count)
        }
    }

    private func remove(_ object: ModelObject) {
        guard holds(object) else { return }
        bySlot[object.slot] = nil
        objectCount -= 1
        assert(objectCount >= 0, "the object count counts the objects in slots")
    }

    /// `Task-phone-3`: a name no other device generates.
    func makeID(for entity: StoreLayout.Entity) -> String { makeSlottedID(for: entity).id }

    /// A new name and its number (a name already taken has one already, so numbering it adds none).
    private func makeSlottedID(for entity: StoreLayout.Entity) -> (id: String, slot: Int) {
        let (prefix, key) = idPrefix(for: entity)
        while true {
            serial += 1
            let id = prefix + String(serial)
            let slot = key.map { names.intern(id, serial: serial, prefix: $0) } ?? names.intern(id)
            if !containsObject(atSlot: slot) && (pendingDeleteSet.isEmpty || !pendingDeleteSet.contains(id)) {
                return (id, slot)
            }
        }
    }

    private func idPrefix(for entity: StoreLayout.Entity) -> (prefix: String, key: Int?) {
        if entity.index < idPrefixes.count, let cached = idPrefixes[entity.index], cached.name == entity.name {
            return (cached.prefix, cached.key)
        }
        let prefix = entity.name + "-" + device.id + "-"
        let key = names.registerPrefix(prefix)
        if entity.index >= idPrefixes.count {
            idPrefixes += repeatElement(nil, count: entity.index + 1 - idPrefixes.count)
        }
        idPrefixes[entity.index] = (entity.name, prefix, key)
        return (prefix, key)
    }

    // MARK: Local changes

    /// Inserts an object under a record name the container makes (`Task-phone-3`, standing for its UUID);
    /// `appID`, the app's own identifier, labels it and must not name another object on this device.
    func insert(_ entity: StoreLayout.Entity, id appID: String?, now: VirtualInstant) throws(ModelStoreError)
        -> ModelObject
    {
        if let appID, let existing = resolve(appID) {
            throw ModelStoreError(
                .duplicateID, "an object named \(BoundedQuote.quote(appID)) already exists (\(existing.entity.name))")
        }
        let (id, slot) = makeSlottedID(for: entity)
        if let appID { names.setAppID(appID, slot: slot) }
        let object = ModelObject(id: id, slot: slot, entity: entity)
        grow(to: slot)
        if let existing = Self.claim(&bySlot[slot], object) {
            throw ModelStoreError(
                .duplicateID, "an object named \(BoundedQuote.quote(id)) already exists (\(existing.entity.name))")
        }
        objectCount += 1
        assert(objectCount <= bySlot.count, "the object count counts the objects in slots")
        assert(holds(object) && object.slot == slot, "an object sits in its name's slot")
        object.local = Array(repeating: .null, count: entity.fieldCount)
        object.editTime = now
        if !pendingDeleteSet.isEmpty && pendingDeleteSet.remove(id) != nil { pendingDeletes.removeAll { $0 == id } }
        assert(pendingDeleteSet.count == pendingDeletes.count, "the pending-delete set mirrors the list")
        enqueue(object)
        return object
    }

    /// Sets one field as a local edit, keeping the reference index and one-to-one inverses in step.
    func set(_ object: ModelObject, field: Int, to value: JSON, now: VirtualInstant) {
        let entity = object.entity
        if entity.isRelationshipField(field) {
            let old = object.reference(field)
            let new = value.stringValue
            guard old != new else { return }
            unindex(object.id, field: field, target: old)
            index(object.id, field: field, target: new)
            object.set(field, value, at: now)
            updateOneToOneInverse(object, field: field, old: old, new: new, now: now)
        } else {
            object.set(field, value, at: now)
        }
        enqueue(object)
    }

    private func updateOneToOneInverse(
        _ object: ModelObject, field: Int, old: String?, new: String?, now: VirtualInstant
    ) {
        let relationship = object.entity.relationship(field: field)
        guard let inverseName = relationship.inverse,
            let destination = layout.entity(named: relationship.destination),
            let inverseField = destination.fieldIndexByName[inverseName], destination.isRelationshipField(inverseField)
        else { return }
        if let old, let previous = self.object(old), previous.reference(inverseField) == object.id {
            set(previous, field: inverseField, to: .null, now: now)
        }
        if let new, let next = self.object(new), next.reference(inverseField) != object.id {
            set(next, field: inverseField, to: .string(object.id), now: now)
        }
    }

    /// Sets a to-many relationship from the parent's side: the children's inverse fields, or the links.
    func setToMany(_ object: ModelObject, _ relationship: RelationshipSpec, to ids: [String], now: VirtualInstant) {
        if let inverse = layout.inverseField(of: relationship) {
            let wanted = Set(ids)
            for child in children(of: object.id, field: inverse.field, entity: inverse.entity)
            where !wanted.contains(child.id) {
                set(child, field: inverse.field, to: .null, now: now)
            }
            for id in ids {
                if let child = self.object(id) { set(child, field: inverse.field, to: .string(object.id), now: now) }
            }
        } else {
            let key = LinkSet.key(layout, object.entity, relationship)
            let current = links.targets(key, of: object.id, reversed: key.reversed)
            let wanted = Set(ids)
            for target in current where !wanted.contains(target) { links.remove(key, object.id, target) }
            for target in ids where !current.contains(target) { links.insert(key, object.id, target) }
        }
    }

    /// Deletes an object and applies its relationships' delete rules. A deletion that came from the
    /// server (`remote`) is not exported again, but what its rules change here is.
    func delete(_ root: ModelObject, now: VirtualInstant, remote: Bool = false) throws(ModelStoreError) -> [ModelObject]
    {
        if !remote { try checkDeny(root) }
        var exports = !remote
        var deleted: [ModelObject] = []
        var work = [root]
        var steps = 0
        let stepLimit = objectCount + 1
        while let object = work.popLast(), steps < stepLimit {
            steps += 1
            guard holds(object) else { continue }
            remove(object)
            deleted.append(object)
            if !(remote && object === root) && object.wasSent
                && pendingDeleteSet.insert(object.id).inserted
            {
                pendingDeletes.append(object.id)
            }
            for relationship in object.entity.toMany {
                let targets = toManyTargets(object, relationship)
                switch relationship.deleteRule {
                case .cascade: work += targets
                case .nullify:
                    if let inverse = layout.inverseField(of: relationship) {
                        for child in targets { set(child, field: inverse.field, to: .null, now: now) }
                        exports = exports || !targets.isEmpty
                    }
                case .deny, .noAction: break
                }
                links.removeAll(of: object.id, LinkSet.key(layout, object.entity, relationship))
            }
            for (offset, relationship) in object.entity.toOne.enumerated() {
                let field = object.entity.attributes.count + offset
                let target = object.reference(field)
                unindex(object.id, field: field, target: target)
                if relationship.deleteRule == .cascade, let target, let child = self.object(target) {
                    work.append(child)
                }
            }
        }
        assert(pendingDeleteSet.count == pendingDeletes.count, "the pending-delete set mirrors the list")
        if exports || deleted.count > 1 { onLocalChange?() }
        return deleted
    }

    private func checkDeny(_ object: ModelObject) throws(ModelStoreError) {
        for relationship in object.entity.toMany where relationship.deleteRule == .deny {
            let count = toManyTargets(object, relationship).count
            if count > 0 {
                throw ModelStoreError(
                    .deleteDenied,
                    "\(object.entity.name) \"\(object.id)\" cannot be deleted: its \(relationship.name) has \(count) objects (deny rule)"
                )
            }
        }
    }

    // MARK: Relationships

    func index(_ id: String, field: Int, target: String?) {
        guard let target else { return }
        referrers[target, default: []].append(Referrer(id: id, field: field))
    }

    func unindex(_ id: String, field: Int, target: String?) {
        guard let target, var list = referrers[target] else { return }
        assert(!list.isEmpty, "an empty referrer list is removed, never kept")
        list.removeAll { $0.id == id && $0.field == field }
        referrers[target] = list.isEmpty ? nil : list
    }

    // MARK: Bookkeeping

    func enqueue(_ object: ModelObject) {
        guard !object.isQueued else { return }
        object.isQueued = true
        exportQueue.append(object)
    }

    /// Puts an imported object of `box` in the empty slot `slot` (no hashing, and no object made for it
    /// while its entity is the box's) and indexes its references.
    func adopt(slot: Int, box: RecordBox, entity: StoreLayout.Entity) -> ObjectView {
        grow(to: slot)
        precondition(bySlot[slot] == nil, "an imported object is adopted into an empty slot")
        let entry: Entry = box.entity === entity ? .synced(box) : .object(ModelObject(box: box, entity: entity))
        bySlot[slot] = entry.part
        objectCount += 1
        let view = ObjectView(entry)
        assert(view.slot == slot, "an object sits in its name's slot")
        guard view.hasReferences else { return view }
        for field in entity.attributes.count..<entity.fieldCount {
            index(view.id, field: field, target: view.reference(field))
        }
        return view
    }

    /// Replaces the box of an object the device only imported, without making the object; false when
    /// the slot holds an object (or nothing), which the caller then changes itself.
    func replaceSyncedBox(atSlot slot: Int, with box: RecordBox) -> Bool {
        guard slot < bySlot.count, case .synced(let old)? = Entry(bySlot[slot]), old.entity === box.entity else {
            return false
        }
        bySlot[slot] = box
        return true
    }

    /// Puts `object` in an empty slot (one lookup for the check and the insert); returns the occupant otherwise.
    private static func claim(_ slot: inout ModelStorePart?, _ object: ModelObject) -> ObjectView? {
        if let existing = Entry(slot) { return ObjectView(existing) }
        slot = object
        return nil
    }
}
