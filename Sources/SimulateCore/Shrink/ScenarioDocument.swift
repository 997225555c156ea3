import SimulateJSON

/// A scenario as JSON, with the edits the shrinker makes: its parts as lists, times read and
/// written in the format's own duration syntax, and its size.
struct ScenarioDocument: Equatable {
    var root: JSONObject

    var devices: [JSON] {
        get { root["devices"]?.arrayValue ?? [] }
        set { root["devices"] = .array(newValue) }
    }

    var steps: [JSON] {
        get { root["steps"]?.arrayValue ?? [] }
        set { root["steps"] = newValue.isEmpty ? nil : .array(newValue) }
    }

    /// The explicit faults, in either form of `faults` (an array, or the object's `list`).
    var faults: [JSON] {
        get {
            guard let value = root["faults"] else { return [] }
            if let list = value.arrayValue { return list }
            return value["list"]?.arrayValue ?? []
        }
        set {
            guard case .object(var object)? = root["faults"] else {
                root["faults"] = newValue.isEmpty ? nil : .array(newValue)
                return
            }
            object["list"] = newValue.isEmpty ? nil : .array(newValue)
            root["faults"] = .object(object)
        }
    }

    var expectations: [JSON]? {
        get { root["expect"]?.arrayValue }
        set { root["expect"] = newValue.map(JSON.array) }
    }

    var deviceIDs: [String] { devices.compactMap { $0["id"]?.stringValue } }

    var generatesFaults: Bool { root["faults"]?["generate"] != nil }

    var duration: VirtualDuration { root["duration"].flatMap(Self.duration(in:)) ?? .zero }

    func size(events: Int) -> ScenarioSize {
        ScenarioSize(
            devices: devices.count, steps: steps.count, stepOccurrences: steps.reduce(0) { $0 + Self.occurrences($1) },
            faults: faults.count, faultOccurrences: faults.reduce(0) { $0 + Self.occurrences($1) },
            generatesFaults: generatesFaults, duration: duration, events: events)
    }

    var text: String { JSONWriter.string(.object(root)) }

    // MARK: Times

    /// A time as the document writes it: the format's duration text, or a number of seconds.
    static func duration(in value: JSON) -> VirtualDuration? {
        switch value {
        case .string(let text): DurationFormat.parse(text).map(VirtualDuration.nanoseconds)
        case .integer, .unsignedInteger, .double:
            value.doubleValue.map { .nanoseconds(Int64(($0 * 1e9).rounded())) }
        default: nil
        }
    }

    /// `duration` in the format's duration text.
    static func json(_ duration: VirtualDuration) -> JSON { .string(DurationFormat.string(duration)) }

    /// `at`, the time since the run's start; nil for `"end"` or none.
    static func at(_ item: JSON) -> VirtualDuration? {
        guard let value = item["at"], value.stringValue != "end" else { return nil }
        return duration(in: value)
    }

    static func occurrences(_ item: JSON) -> Int {
        max(1, item["repeat"]?["count"]?.intValue ?? 1)
    }

    static func setting(_ key: String, _ value: JSON?, in item: JSON) -> JSON {
        guard case .object(var object) = item else { return item }
        object[key] = value
        return .object(object)
    }

    /// The devices an item names (`device` or `devices`); nil when it names none (every device).
    static func namedDevices(_ item: JSON) -> [String]? {
        if let one = item["device"]?.stringValue { return [one] }
        return item["devices"]?.arrayValue?.compactMap(\.stringValue)
    }

    // MARK: Removing devices

    /// Without the devices not in `kept`, and without every step, fault and check that only they had.
    func keeping(devices kept: [JSON]) -> ScenarioDocument {
        let keptIDs = Set(kept.compactMap { $0["id"]?.stringValue })
        var copy = self
        copy.devices = kept
        copy.steps = steps.filter { step in step["device"]?.stringValue.map(keptIDs.contains) ?? true }
        copy.faults = faults.compactMap { fault in Self.restricting(fault, to: keptIDs) }
        if let expectations {
            copy.expectations = expectations.filter { $0["device"]?.stringValue.map(keptIDs.contains) ?? true }
        }
        if case .object(var object)? = root["faults"], case .object(var generate)? = object["generate"],
            let named = generate["devices"]?.arrayValue
        {
            let left = named.filter { $0.stringValue.map(keptIDs.contains) ?? false }
            generate["devices"] = left.isEmpty ? nil : .array(left)
            object["generate"] = .object(generate)
            copy.root["faults"] = .object(object)
        }
        return copy
    }

    /// A fault limited to `devices`; nil when it named only others.
    static func restricting(_ fault: JSON, to devices: Set<String>) -> JSON? {
        guard let named = namedDevices(fault) else { return fault }
        let left = named.filter(devices.contains)
        if left.count == named.count { return fault }
        guard !left.isEmpty else { return nil }
        var result = setting("devices", nil, in: setting("device", nil, in: fault))
        result =
            left.count == 1
            ? setting("device", .string(left[0]), in: result)
            : setting("devices", .array(left.map(JSON.string)), in: result)
        return result
    }

    // MARK: Output

    /// The members in the order the format's reference lists them, then any others.
    func ordered() -> JSONObject {
        let order = [
            "$schema", "format", "judges", "name", "description", "seed", "strategy", "duration", "limits", "devices",
            "network",
            "plugins", "faults", "steps", "expect",
        ]
        var result = Self.ordering(root, order)
        let itemOrder = [
            "at", "for", "device", "devices", "kind", "latency", "loss", "plugin", "do", "args", "repeat",
        ]
        let items = { (list: [JSON]) in
            list.map { $0.objectValue.map { JSON.object(Self.ordering($0, itemOrder)) } ?? $0 }
        }
        var document = ScenarioDocument(root: result)
        document.steps = items(steps)
        document.faults = items(faults)
        if case .object(let faults)? = document.root["faults"] {
            document.root["faults"] = .object(Self.ordering(faults, ["list", "generate", "liveness"]))
        }
        result = document.root
        return result
    }

    private static func ordering(_ object: JSONObject, _ order: [String]) -> JSONObject {
        var result = JSONObject()
        for key in order { if let value = object[key] { result[key] = value } }
        for (key, value) in object.members where result[key] == nil { result[key] = value }
        return result
    }
}
