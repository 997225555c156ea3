import SimulateCloudKit
import SimulateCore

extension DeviceSync {
    func startImport() {
        trace.begin(device.id, "sync", "import", value: Int64(passes))
        fetchNext(pages: 0, fullRefetch: token == nil ? SeenSlots() : nil)
    }

    /// Fetches one page of the zone's changes since the token and applies it. `fullRefetch` collects the
    /// names seen when fetching from the start, so objects deleted meanwhile can be found afterwards.
    private func fetchNext(pages: Int, offset: Int = 0, fullRefetch: SeenSlots?) {
        let (pager, since, limit, device) = (shared.pager, token, shared.configuration.importBatchSize, device)
        shared.send(from: device, { pager.page(for: device, since: since, offset: offset, limit: limit) }) {
            [self] result in
            switch result {
            case .success(let page):
                var seen = fullRefetch
                apply(page, seen: &seen)
                if let next = page.token { token = next }
                if page.moreComing && pages + 1 < Self.pageLimitPerPass {
                    fetchNext(pages: pages + 1, offset: page.nextOffset, fullRefetch: seen)
                    return
                }
                if let seen, !page.moreComing { removeUnseen(seen) }
                trace.end(device.id, "sync", "import", value: Int64(importedRecords))
                finishPass(failure: nil)
            case .failure(let error) where error.code == .changeTokenExpired:
                trace.instant(device.id, "sync", "changeTokenExpired", "refetching the zone from the start")
                token = nil
                fetchNext(pages: pages + 1, fullRefetch: SeenSlots())
            case .failure(let error):
                trace.end(device.id, "sync", "import", "failed: \(error)", value: -1)
                finishPass(failure: error)
            }
        }
    }

    private func apply(_ page: ChangeFeedPager.Page, seen: inout SeenSlots?) {
        var records = page.records
        switch shared.configuration.importOrder {
        case .changeOrder: break
        case .reversed: records.reverse()
        case .shuffled:
            var random = shared.context.random(for: device, component: "model.import/\(passes)")
            records.shuffle(using: &random)
        }
        for record in records {
            importedRecords += 1
            if record.recordType == MirrorShared.linkRecordType {
                if let pair = LinkSet.Pair(record: record) {
                    store.links.adopt(record: record.recordID.recordName, pair)
                }
            } else {
                applyRecord(record)
                // Only objects are looked for afterwards, and an object's name has a number.
                if seen != nil, let slot = shared.names.slot(record.recordID.recordName) { seen?.insert(slot) }
            }
        }
        for recordID in page.deletions {
            applyDeletion(recordID.recordName)
        }
    }

    private func applyRecord(_ record: CloudRecord) {
        let name = record.recordID.recordName
        guard let entity = shared.layout.entity(of: record),
            store.pendingDeleteSet.isEmpty || !store.pendingDeleteSet.contains(name)
        else { return }
        let tag = record.changeTag?.rawValue ?? 0
        let slot = shared.slot(of: record)
        guard let existing = store.view(atSlot: slot) else {
            noteLinks(store.adopt(slot: slot, box: shared.box(record, slot: slot), entity: entity))
            return
        }
        guard existing.entity === entity, tag > (existing.box?.tag ?? 0) else { return }
        var references: [String?] = []
        for field in entity.attributes.count..<entity.fieldCount { references.append(existing.reference(field)) }
        let box = shared.box(record, slot: slot)
        let updated: ObjectView
        if store.replaceSyncedBox(atSlot: slot, with: box) {
            // An imported object never edited takes the new version as it is (its base version is the box's).
            updated = store.view(atSlot: slot)!
        } else {
            let object = store.object(atSlot: slot)!
            object.box = box
            if object.local != nil {
                for field in 0..<entity.fieldCount where object.dirtyMask & (1 << UInt64(field)) == 0 {
                    object.setLocal(field, FieldCoding.json(record[entity.fieldKeys[field]]))
                }
                if object.dirtyMask == 0 { object.local = nil }
            }
            if object.dirtyMask == 0 { object.baseTag = tag }
            updated = ObjectView(.object(object))
        }
        for (offset, old) in references.enumerated() {
            let field = entity.attributes.count + offset
            let new = updated.reference(field)
            if old != new {
                store.unindex(name, field: field, target: old)
                store.index(name, field: field, target: new)
            }
        }
    }

    /// A child that arrived before its parent keeps the parent's record name; a parent that arrives
    /// links every child already waiting for it.
    private func noteLinks(_ object: ObjectView) {
        let entity = object.entity
        guard !entity.toOne.isEmpty || !store.referrers.isEmpty else { return }
        let fields = object.hasReferences ? entity.attributes.count..<entity.fieldCount : 0..<0
        for field in fields {
            if let target = object.reference(field), !store.contains(target) {
                trace.instant(device.id, "sync", "link.pending", "\(object.id) → \(target)")
            }
        }
        if !store.referrers.isEmpty, let waiting = store.referrers[object.id], !waiting.isEmpty {
            trace.instant(
                device.id, "sync", "link.resolved", "\(object.id) ← \(waiting.count)", value: Int64(waiting.count))
        }
    }

    private func applyDeletion(_ name: String) {
        if store.pendingDeleteSet.remove(name) != nil { store.pendingDeletes.removeAll { $0 == name } }
        if store.links.pair(ofRecord: name) != nil {
            store.links.removeRecord(name)
            return
        }
        guard let object = store.object(name) else { return }
        _ = try? store.delete(object, now: now, remote: true)
    }

    /// After a full refetch: synced objects the server no longer has were deleted while the token was stale.
    private func removeUnseen(_ seen: SeenSlots) {
        let gone = store.views.filter { $0.record != nil && !$0.isDirty && !seen.contains($0.slot) }
            .compactMap { store.object(atSlot: $0.slot) }
        for object in gone.sorted(by: { $0.id < $1.id }) where store.holds(object) {
            trace.instant(device.id, "sync", "deletedWhileStale", object.id)
            _ = try? store.delete(object, now: now, remote: true)
        }
    }
}

/// The numbers (in the run's ``NameTable``) of the object names a full refetch saw: a bit each, instead
/// of a hashed copy of every name per device.
struct SeenSlots {
    private var words: [UInt64] = []

    mutating func insert(_ slot: Int) {
        let word = slot >> 6
        if word >= words.count { words += repeatElement(0, count: max(word + 1, words.count * 2) - words.count) }
        words[word] |= 1 << UInt64(slot & 63)
    }

    func contains(_ slot: Int) -> Bool {
        let word = slot >> 6
        return word < words.count && words[word] & (1 << UInt64(slot & 63)) != 0
    }
}
