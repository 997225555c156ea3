import SimulateCore
import SimulateJSON

/// `converged`: after quiescence every device holds exactly the server's objects, values and links.
struct ConvergenceCheck {
    let run: ModelRun
    static let differencesShown = 5

    func violations() -> [Violation] {
        let server = ServerSnapshot(run)
        var violations: [Violation] = []
        for store in run.stores {
            var differences: [String] = []
            var count = 0
            func note(_ text: String) {
                count += 1
                if differences.count < Self.differencesShown { differences.append(text) }
            }
            let pending = store.pendingChangeCount
            if pending > 0 { note("\(pending) changes not yet exported") }
            for name in server.objects.keys.sorted() where store.object(name) == nil {
                note("missing \(server.objects[name]!.entity.name) \"\(name)\"")
            }
            for object in store.objects.values.sorted(by: { $0.id < $1.id }) {
                guard let remote = server.objects[object.id] else {
                    note("\(object.entity.name) \"\(object.id)\" is not on the server")
                    continue
                }
                for field in 0..<object.entity.fieldCount where object.value(field) != remote.values[field] {
                    note(
                        "\(object.entity.name) \"\(object.id)\".\(object.entity.fieldNames[field]) is "
                            + "\(JSONWriter.string(object.value(field))), the server has \(JSONWriter.string(remote.values[field]))"
                    )
                }
            }
            let links = Set(store.links.all.map(\.recordName))
            for name in server.links.subtracting(links).sorted() { note("missing link \(name)") }
            for name in links.subtracting(server.links).sorted() { note("link \(name) is not on the server") }
            guard count > 0 else { continue }
            let more = count > differences.count ? "; … \(count - differences.count) more" : ""
            violations.append(
                Violation(
                    atNanoseconds: run.context.now, device: store.device.id,
                    message: "\(store.device.id) differs from the server in \(count) ways: "
                        + differences.joined(separator: "; ") + more))
        }
        return violations
    }
}

/// `relationships`: no to-one reference or link names an object that does not exist, on the server or
/// on any device, after quiescence.
struct ReferenceCheck {
    let run: ModelRun

    func violations() -> [Violation] {
        let server = ServerSnapshot(run)
        var violations: [Violation] = []
        for name in server.objects.keys.sorted() {
            let object = server.objects[name]!
            for field in object.entity.attributes.count..<object.entity.fieldCount {
                guard let target = object.values[field].stringValue, server.objects[target] == nil else { continue }
                violations.append(
                    Violation(
                        atNanoseconds: run.context.now,
                        message: "server: \(object.entity.name) \"\(name)\".\(object.entity.fieldNames[field]) "
                            + "refers to \"\(target)\", which the server does not have"))
            }
        }
        for name in server.links.sorted() {
            guard let pair = LinkSet.Pair(recordName: name),
                server.objects[pair.first] == nil || server.objects[pair.second] == nil
            else { continue }
            violations.append(
                Violation(atNanoseconds: run.context.now, message: "server: link \(name) names a missing object"))
        }
        for store in run.stores {
            for object in store.objects.values.sorted(by: { $0.id < $1.id }) {
                for field in object.entity.attributes.count..<object.entity.fieldCount {
                    guard let target = object.reference(field), store.object(target) == nil else { continue }
                    violations.append(
                        Violation(
                            atNanoseconds: run.context.now, device: store.device.id,
                            message: "\(store.device.id): \(object.entity.name) \"\(object.id)\"."
                                + "\(object.entity.fieldNames[field]) refers to \"\(target)\", which is not in its store"
                        ))
                }
            }
        }
        return violations
    }
}

/// `uniqueness`: no two objects share a logical key, on the server or on a device, after sync.
struct UniquenessCheck {
    let run: ModelRun
    let keys: [ModelConfiguration.UniqueKey]

    func violations() -> [Violation] {
        let server = ServerSnapshot(run)
        var violations: [Violation] = []
        var serverGroups: Set<[String]> = []
        for key in keys {
            guard let entity = run.layout.entity(named: key.entity) else { continue }
            let fields = key.attributes.compactMap { entity.fieldIndexByName[$0] }
            var groups: [String: [String]] = [:]
            for (name, object) in server.objects where object.entity === entity {
                groups[describe(key, fields.map { object.values[$0] }), default: []].append(name)
            }
            for (text, names) in groups.sorted(by: { $0.key < $1.key }) where names.count > 1 {
                serverGroups.insert(names.sorted())
                violations.append(violation(text, names.sorted(), where: "on the server", device: nil))
            }
            for store in run.stores {
                var local: [String: [String]] = [:]
                for object in store.objects.values where object.entity === entity {
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
            guard let creation = run.creations[name] else { return "\"\(name)\"" }
            return "\"\(name)\" (created on \(run.context.devices[creation.device].id) at "
                + "\(DurationFormat.secondsText(creation.nanoseconds)))"
        }
        return Violation(
            atNanoseconds: run.context.now, device: device,
            message: "\(text): \(names.count) objects \(place): " + origins.joined(separator: ", "))
    }
}
