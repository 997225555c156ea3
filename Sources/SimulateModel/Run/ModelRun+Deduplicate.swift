import SimulateCore
import SimulateJSON

extension ModelRun {
    /// The name that stands for an object's `@id` in `deduplicate`'s `by`.
    static let idKey = "@id"

    /// The app's own de-duplication, as in Apple's sample "Synchronizing a Local Store to the Cloud": the
    /// objects of `entity` that share a key (the values of `attributes`, or their `@id` when nil) are one
    /// logical object; the one whose record name sorts first wins on every device alike, the references
    /// to the others move to it, and the others are deleted. Returns how many were deleted.
    func deduplicate(entity name: String, by attributes: [String]?, on device: Device) -> Result<Int, ModelStoreError> {
        Result { () throws(ModelStoreError) -> Int in
            let store = try self.store(device)
            let entity = try self.entity(name)
            // nil: the object's `@id`, as `"@id"` in the list names it.
            var fields: [Int?] = []
            for attribute in attributes ?? [Self.idKey] {
                if attribute == Self.idKey {
                    fields.append(nil)
                    continue
                }
                guard let field = entity.fieldIndexByName[attribute], !entity.isRelationshipField(field) else {
                    throw ModelStoreError(
                        .unknownProperty, "\(entity.name) has no attribute \(BoundedQuote.quote(attribute))",
                        keyPath: attribute)
                }
                fields.append(field)
            }
            var groups: [String: [ModelObject]] = [:]
            for object in store.all(entity) {
                let key = JSONWriter.string(
                    .array(fields.map { field in field.map { object.value($0) } ?? .string(store.handle(object)) }))
                groups[key, default: []].append(object)
            }
            var deleted = 0
            for key in groups.keys.sorted() {
                guard let group = groups[key], group.count > 1 else { continue }
                let ordered = group.sorted { $0.id < $1.id }
                let winner = ordered[0]
                for loser in ordered.dropFirst() where store.holds(loser) {
                    moveReferences(from: loser, to: winner, store)
                    deleted += try store.delete(loser, now: context.now).count
                    context.trace.instant(
                        device.id, "model", "deduplicate", "\(entity.name) \(loser.id) → \(winner.id)")
                }
            }
            return deleted
        }
    }

    /// Every to-one reference to `loser` on this device now names `winner` (children move to the survivor).
    private func moveReferences(from loser: ModelObject, to winner: ModelObject, _ store: ModelStore) {
        for referrer in store.referrers[loser.id] ?? [] {
            guard let child = store.object(referrer.id), child.reference(referrer.field) == loser.id else { continue }
            store.set(child, field: referrer.field, to: .string(winner.id), now: context.now)
        }
    }
}
