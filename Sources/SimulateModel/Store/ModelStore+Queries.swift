import SimulateCore

/// What a store answers without changing anything but making the objects it returns.
extension ModelStore {
    func children(of id: String, field: Int, entity: StoreLayout.Entity) -> [ModelObject] {
        (referrers[id] ?? []).compactMap { referrer in
            guard referrer.field == field, let child = object(referrer.id), child.entity === entity else { return nil }
            return child
        }
    }

    /// The existing objects a to-many relationship holds, sorted by record name.
    func toManyTargets(_ object: ModelObject, _ relationship: RelationshipSpec) -> [ModelObject] {
        let found: [ModelObject]
        if let inverse = layout.inverseField(of: relationship) {
            found = children(of: object.id, field: inverse.field, entity: inverse.entity)
        } else {
            let key = LinkSet.key(layout, object.entity, relationship)
            found = links.targets(key, of: object.id, reversed: key.reversed).compactMap { self.object($0) }
        }
        return found.sorted { $0.id < $1.id }
    }

    /// Edits and deletions not yet acknowledged by the server: each object with unexported edits once
    /// (the export queue may list one several times, and keeps entries a pass already took).
    var pendingChangeCount: Int {
        pendingChangeCount(dirtyObjects: views.reduce(0) { $0 + ($1.isDirty ? 1 : 0) })
    }

    /// ``pendingChangeCount`` with the dirty objects counted by a caller that walks the objects anyway.
    func pendingChangeCount(dirtyObjects: Int) -> Int {
        pendingDeletes.count + dirtyObjects + links.pendingCount
    }

    /// To-one references whose destination this store does not hold.
    var unlinkedCount: Int {
        referrers.keys.reduce(0) { count, target in
            contains(target) ? count : count + (referrers[target]?.count ?? 0)
        }
    }

    /// Objects of one entity, sorted by `@id`, then record name.
    func all(_ entity: StoreLayout.Entity) -> [ModelObject] {
        views.filter { $0.entity === entity }.compactMap { object(atSlot: $0.slot) }.sorted {
            let (a, b) = (handle($0), handle($1))
            return a == b ? $0.id < $1.id : a < b
        }
    }
}
