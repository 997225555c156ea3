import SimulateCloudKit
import SimulateJSON

/// The model's records as the server holds them at one moment, read with the device schema.
struct ServerSnapshot {
    struct Entry {
        let entity: StoreLayout.Entity
        let record: CloudRecord

        var tag: UInt64 { record.changeTag?.rawValue ?? 0 }
        func value(_ field: Int) -> JSON { FieldCoding.json(record[entity.fieldKeys[field]]) }
    }

    /// The model's records by record name.
    private(set) var objects: Objects
    /// Change tags of the records' current versions: a tag names one version of one record.
    var currentTags = TagSet()
    /// The links the `CDMR` records hold (two records of one pair make one link).
    var links: Set<LinkSet.Pair> = []
    /// The `CDMR` records by record name.
    var linkRecords: [String: LinkSet.Pair] = [:]
    private let layout: StoreLayout
    private let names: NameTable

    init(_ run: ModelRun) {
        let layout = run.layout
        self.layout = layout
        names = run.stores.first?.names ?? NameTable()
        guard let shared = run.shared else {
            objects = Objects(names: names)
            return
        }
        var objects = Objects(names: shared.names)
        var currentTags = TagSet()
        var links: Set<LinkSet.Pair> = []
        var linkRecords: [String: LinkSet.Pair] = [:]
        shared.forEachSavedRecord { record, slot in
            if record.recordType == MirrorShared.linkRecordType {
                if let pair = LinkSet.Pair(record: record) {
                    links.insert(pair)
                    linkRecords[record.recordID.recordName] = pair
                }
            } else if let entity = layout.entity(of: record) {
                objects.insert(Entry(entity: entity, record: record), slot: slot)
                currentTags.insert(record.changeTag?.rawValue ?? 0)
            }
        }
        self.objects = objects
        self.currentTags = currentTags
        self.links = links
        self.linkRecords = linkRecords
    }

    /// Records by the number of their name in the run's ``NameTable``: a slot of 24 bytes each instead of
    /// a dictionary's buckets (32 bytes at a load of one half to three quarters), built at the end of
    /// every run, when the run holds the most.
    struct Objects: Sequence {
        private var bySlot: [Entry?] = []
        private(set) var count = 0
        private let names: NameTable

        init(names: NameTable) {
            self.names = names
        }

        subscript(name: String) -> Entry? {
            guard let slot = names.slot(name), slot < bySlot.count else { return nil }
            return bySlot[slot]
        }

        /// The record names, in the order of their numbers.
        var keys: [String] { map(\.key) }

        mutating func insert(_ entry: Entry, slot: Int) {
            if slot >= bySlot.count { bySlot += repeatElement(nil, count: slot + 1 - bySlot.count) }
            if bySlot[slot] == nil { count += 1 }
            bySlot[slot] = entry
        }

        func makeIterator() -> some IteratorProtocol<(key: String, value: Entry)> {
            bySlot.enumerated().lazy.compactMap { [names] slot, entry in
                entry.map { (key: names.names[slot], value: $0) }
            }.makeIterator()
        }
    }

    /// Like `model.objects`: sorted by `@id`, to-many relationships as sorted arrays of `@id`s.
    func objects(of entity: StoreLayout.Entity) -> [JSON] {
        var members: [String: [String: [String]]] = [:]
        for relationship in entity.toMany {
            if let inverse = layout.inverseField(of: relationship) {
                for (name, object) in objects where object.entity === inverse.entity {
                    if let parent = object.value(inverse.field).stringValue {
                        members[relationship.name, default: [:]][parent, default: []].append(name)
                    }
                }
            } else {
                let key = LinkSet.key(layout, entity, relationship)
                for pair in links where pair.relation == key.name {
                    let (owner, member) = key.reversed ? (pair.second, pair.first) : (pair.first, pair.second)
                    members[relationship.name, default: [:]][owner, default: []].append(member)
                }
            }
        }
        let sorted = objects.keys.map { (handle: names.handle(recordName: $0), name: $0) }.sorted {
            $0.handle == $1.handle ? $0.name < $1.name : $0.handle < $1.handle
        }
        return sorted.compactMap { handle, name in
            guard let object = objects[name], object.entity === entity else { return nil }
            var json = JSONObject()
            json.append(key: "@id", value: .string(handle))
            for (index, key) in entity.fieldNames.enumerated() {
                var value = object.value(index)
                if entity.isRelationshipField(index), let target = value.stringValue {
                    value = .string(names.handle(recordName: target))
                }
                json.append(key: key, value: value)
            }
            for relationship in entity.toMany {
                let ids = (members[relationship.name]?[name] ?? []).map(names.handle(recordName:)).sorted()
                json.append(key: relationship.name, value: .array(ids.map { .string($0) }))
            }
            return .object(json)
        }
    }
}

extension ModelRun {
    /// `model.serverRecords`: the server's records of one type, sorted by record name, each with its
    /// name and every field as the container wrote it.
    func serverRecords(ofType recordType: String) -> [JSON] {
        guard let shared else { return [] }
        var records: [CloudRecord] = []
        shared.forEachSavedRecord { record, _ in
            if record.recordType == recordType { records.append(record) }
        }
        return records.sorted { $0.recordID.recordName < $1.recordID.recordName }.map { record in
            var json = JSONObject()
            json.append(key: "recordName", value: .string(record.recordID.recordName))
            for (key, value) in record.fields {
                json.append(key: key, value: FieldCoding.json(value))
            }
            return .object(json)
        }
    }
}
