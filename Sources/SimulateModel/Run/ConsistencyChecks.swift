import SimulateCore
import SimulateJSON

/// `converged`: after quiescence every device holds exactly the server's objects, values and links.
struct ConvergenceCheck {
    let run: ModelRun
    /// nil: the server's state at the end of the run.
    var snapshot: ServerSnapshot? = nil
    static let differencesShown = 5

    func violations() -> [Violation] {
        let server = snapshot ?? run.finalSnapshot()
        let stores = run.stores
        var differencesByStore = Array(repeating: [String](), count: stores.count)
        var matched = Array(repeating: 0, count: stores.count)
        var dirty = Array(repeating: 0, count: stores.count)
        // Slot by slot across the stores, not store by store: the devices share the box of every record
        // they hold as synced, so it is read from memory once for all of them (at 10 × 100,000 objects a
        // store-by-store walk missed the cache on every box of every store).
        let slotCount = stores.map(\.slotCount).max() ?? 0
        for slot in 0..<slotCount {
            for (index, store) in stores.enumerated() {
                guard let object = store.view(atSlot: slot) else { continue }
                if object.isDirty { dirty[index] += 1 }
                // A clean object's baseTag is the tag of the version it holds.
                if object.local == nil, object.box != nil, server.currentTags.contains(object.baseTag) {
                    matched[index] += 1
                    continue
                }
                guard let remote = server.objects[object.id] else {
                    differencesByStore[index].append("\(object.entity.name) \"\(object.id)\" is not on the server")
                    continue
                }
                matched[index] += 1
                for field in 0..<object.entity.fieldCount where object.value(field) != remote.value(field) {
                    differencesByStore[index].append(
                        "\(object.entity.name) \"\(object.id)\".\(object.entity.fieldNames[field]) is "
                            + "\(JSONWriter.string(object.value(field))), the server has "
                            + JSONWriter.string(remote.value(field)))
                }
            }
        }
        var violations: [Violation] = []
        for (index, store) in stores.enumerated() {
            let pending = store.pendingChangeCount(dirtyObjects: dirty[index])
            var differences = pending > 0 ? ["\(pending) changes not yet exported"] : []
            differences += differencesByStore[index]
            if matched[index] < server.objects.count {
                for (name, entry) in server.objects where !store.contains(name) {
                    differences.append("missing \(entry.entity.name) \"\(name)\"")
                }
            }
            let links = Set(store.links.all)
            for pair in server.links.subtracting(links) { differences.append("missing link \(pair)") }
            for pair in links.subtracting(server.links) { differences.append("link \(pair) is not on the server") }
            guard !differences.isEmpty else { continue }
            let shown = differences.sorted().prefix(Self.differencesShown)
            let more = differences.count > shown.count ? "; … \(differences.count - shown.count) more" : ""
            violations.append(
                Violation(
                    at: run.context.now, device: store.device.id,
                    message: "\(store.device.id) differs from the server in \(differences.count) ways: "
                        + shown.joined(separator: "; ") + more))
        }
        return violations
    }
}

/// `relationships`: no to-one reference or link names an object that does not exist, on the server or
/// on any device, after quiescence.
struct ReferenceCheck {
    let run: ModelRun

    func violations() -> [Violation] {
        let server = run.finalSnapshot()
        var violations: [Violation] = []
        for name in server.objects.keys.sorted() {
            let object = server.objects[name]!
            for field in object.entity.attributes.count..<object.entity.fieldCount {
                guard let target = object.value(field).stringValue, server.objects[target] == nil else { continue }
                violations.append(
                    Violation(
                        at: run.context.now,
                        message: "server: \(object.entity.name) \"\(name)\".\(object.entity.fieldNames[field]) "
                            + "refers to \"\(target)\", which the server does not have"))
            }
        }
        for (name, pair) in server.linkRecords.sorted(by: { $0.key < $1.key }) {
            guard server.objects[pair.first] == nil || server.objects[pair.second] == nil else { continue }
            violations.append(
                Violation(at: run.context.now, message: "server: link \(name) (\(pair)) names a missing object"))
        }
        for store in run.stores {
            // Only the dangling references are sorted (by object, then field), not every object of the store.
            var dangling: [(id: String, field: Int, violation: Violation)] = []
            for object in store.views where object.hasReferences {
                for field in object.entity.attributes.count..<object.entity.fieldCount {
                    guard let target = object.reference(field), !store.contains(target) else { continue }
                    let violation = Violation(
                        at: run.context.now, device: store.device.id,
                        message: "\(store.device.id): \(object.entity.name) \"\(object.id)\"."
                            + "\(object.entity.fieldNames[field]) refers to \"\(target)\", which is not in its store")
                    dangling.append((object.id, field, violation))
                }
            }
            dangling.sort { ($0.id, $0.field) < ($1.id, $1.field) }
            violations += dangling.map(\.violation)
        }
        return violations
    }
}

/// `uniqueness`: no two objects share a logical key, on the server or on a device, after sync.
struct UniquenessCheck {
    let run: ModelRun
    let keys: [ModelConfiguration.UniqueKey]

    func violations() -> [Violation] {
        let server = run.finalSnapshot()
        var violations: [Violation] = []
        var serverGroups: Set<[String]> = []
        for key in keys {
            guard let entity = run.layout.entity(named: key.entity) else { continue }
            let fields = key.attributes.compactMap { entity.fieldIndexByName[$0] }
            var groups: [String: [String]] = [:]
            for (name, object) in server.objects where object.entity === entity {
                groups[describe(key, fields.map { object.value($0) }), default: []].append(name)
            }
            for (text, names) in groups.sorted(by: { $0.key < $1.key }) where names.count > 1 {
                serverGroups.insert(names.sorted())
                violations.append(violation(text, names.sorted(), where: "on the server", device: nil))
            }
            for store in run.stores {
                var local: [String: [String]] = [:]
                for object in store.views where object.entity === entity {
                    local[describe(key, fields.map { object.value($0) }), default: []].append(object.id)
                }
                for (text, names) in local.sorted(by: { $0.key < $1.key })
                where names.count > 1 && !serverGroups.contains(names.sorted()) {
                    violations.append(
                        violation(text, names.sorted(), where: "on \(store.device.id)", device: store.device.id))
                }
            }
        }
        return violations
    }

    private func describe(_ key: ModelConfiguration.UniqueKey, _ values: [JSON]) -> String {
        "\(key.entity) " + zip(key.attributes, values).map { "\($0)=\(JSONWriter.string($1))" }.joined(separator: ", ")
    }

    private func violation(_ text: String, _ names: [String], where place: String, device: String?) -> Violation {
        let origins = names.map { name -> String in
            guard let creation = run.creation(of: name) else { return "\"\(name)\"" }
            return "\"\(name)\" (created on \(run.context.devices[creation.device].id) at "
                + "\(DurationFormat.secondsText(creation.at)))"
        }
        return Violation(
            at: run.context.now, device: device,
            message: "\(text): \(names.count) objects \(place): " + origins.joined(separator: ", "))
    }
}
