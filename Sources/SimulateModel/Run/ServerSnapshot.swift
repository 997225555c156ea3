import SimulateCounter
import SimulateJSON

/// The model's records as the server holds them at one moment, read with the device schema.
struct ServerSnapshot {
    /// Record name → (entity, fields as JSON by field index).
    var objects: [String: (entity: StoreLayout.Entity, values: [JSON])] = [:]
    var links: Set<String> = []
    private let layout: StoreLayout

    init(_ run: ModelRun) {
        layout = run.layout
        guard let server = run.shared?.server else { return }
        for record in server.records(in: MirrorShared.zoneID) {
            if record.recordType == MirrorShared.linkRecordType {
                links.insert(record.recordID.recordName)
                continue
            }
            guard let entity = layout.entity(recordType: record.recordType) else { continue }
            let values = entity.fieldKeys.map { FieldCoding.json(record.fields[$0]) }
            objects[record.recordID.recordName] = (entity, values)
        }
    }

    func objects(of entity: StoreLayout.Entity) -> [JSON] {
        var children: [String: [String: [String]]] = [:]
        for relationship in entity.toMany {
            guard let inverse = layout.inverseField(of: relationship) else { continue }
            for (name, object) in objects where object.entity === inverse.entity {
                if let parent = object.values[inverse.field].stringValue {
                    children[relationship.name, default: [:]][parent, default: []].append(name)
                }
            }
        }
        return objects.keys.sorted().compactMap { name in
            guard let object = objects[name], object.entity === entity else { return nil }
            var json = JSONObject()
            json.append(key: "@id", value: .string(name))
            for (index, key) in entity.fieldNames.enumerated() { json.append(key: key, value: object.values[index]) }
            for relationship in entity.toMany {
                let ids = (children[relationship.name]?[name] ?? []).sorted()
                json.append(key: relationship.name, value: .array(ids.map { .string($0) }))
            }
            return .object(json)
        }
    }
}
