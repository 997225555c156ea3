import SimulateJSON

/// A scenario as a scenario file (format 1): what `ScenarioBuilder` builds can be saved, replayed
/// with `simulate run`, and loads back to the same scenario and the same trace hash.
extension Scenario {
    /// The scenario file's JSON object; durations in the format's own units (`"1.5s"`, exact to the nanosecond).
    public var json: JSON {
        var object = JSONObject()
        object["format"] = 1
        object["name"] = .string(name)
        if let description { object["description"] = .string(description) }
        object["seed"] = JSON(seed)
        if pinsSeed { object["pinSeed"] = true }
        if let strategy { object["strategy"] = .string(strategy.description) }
        if let judges { object["judges"] = judges.json }
        object["duration"] = Self.duration(duration)
        object["devices"] = .array(devices.map(Self.json))
        if network != LinkConditions() { object["network"] = Self.json(network) }
        if !faults.isEmpty { object["faults"] = .array(faults.map(Self.json)) }
        // Swarm mode's object form is written as the file gave it.
        if faultGenerator != nil || liveness != nil, let stated = document?.root["faults"] { object["faults"] = stated }
        object["plugins"] = .object(JSONObject(plugins.map { ($0.name, $0.configuration) }))
        if !steps.isEmpty { object["steps"] = .array(steps.map(Self.json)) }
        if let expectations { object["expect"] = .array(expectations.map(Self.json)) }
        if limits != RunLimits() { object["limits"] = ["events": JSON(limits.eventBudget)] }
        if faultPoints != FaultPointSettings() { object["faultPoints"] = faultPoints.json }
        return .object(object)
    }

    /// The scenario file's text, indented, ending in a newline.
    public var jsonText: String { JSONWriter.string(json, pretty: true) + "\n" }

    private static func duration(_ duration: VirtualDuration) -> JSON { .string(DurationFormat.string(duration)) }

    private static func time(_ point: TimePoint) -> JSON {
        switch point {
        case .at(let instant): duration(instant.sinceStart)
        case .end: "end"
        }
    }

    private static func latency(_ range: LatencyRange) -> JSON {
        range.minimum == range.maximum
            ? duration(range.minimum) : ["min": duration(range.minimum), "max": duration(range.maximum)]
    }

    private static func json(_ device: DeviceSpec) -> JSON {
        var object = JSONObject()
        object["id"] = .string(device.id)
        if device.platform != .iOS { object["platform"] = .string(device.platform.rawValue) }
        if device.clockSkew != .zero { object["clockSkew"] = duration(device.clockSkew) }
        if device.simulator { object["simulator"] = true }
        return .object(object)
    }

    private static func json(_ network: LinkConditions) -> JSON {
        var object = JSONObject()
        object["latency"] = latency(network.latency)
        object["loss"] = .double(network.loss)
        let chunk = network.chunkBytes
        object["chunkBytes"] =
            chunk.lowerBound == chunk.upperBound
            ? JSON(chunk.lowerBound) : ["min": JSON(chunk.lowerBound), "max": JSON(chunk.upperBound)]
        return .object(object)
    }

    private static func json(_ repeating: Repeat) -> JSON {
        ["every": duration(repeating.every), "count": JSON(repeating.count)]
    }

    private static func json(_ fault: FaultSpec) -> JSON {
        var object = JSONObject()
        object["at"] = time(fault.at)
        if let length = fault.duration { object["for"] = duration(length) }
        if let devices = fault.devices { object["devices"] = .array(devices.map(JSON.string)) }
        object["kind"] = .string(fault.kind.rawValue)
        if let range = fault.latency { object["latency"] = latency(range) }
        if let loss = fault.loss { object["loss"] = .double(loss) }
        if let plugin = fault.plugin { object["plugin"] = .string(plugin) }
        if let server = fault.server { object["server"] = .string(server) }
        if let error = fault.error { object["error"] = .string(error) }
        if let repeating = fault.repeat { object["repeat"] = json(repeating) }
        return .object(object)
    }

    private static func json(_ step: StepSpec) -> JSON {
        var object = JSONObject()
        object["at"] = time(step.at)
        if let device = step.device { object["device"] = .string(device) }
        object["do"] = .string(step.qualifiedName)
        if step.args != .object(JSONObject()) { object["args"] = step.args }
        if let repeating = step.repeat { object["repeat"] = json(repeating) }
        return .object(object)
    }

    private static func json(_ expectation: ExpectationSpec) -> JSON {
        var object = JSONObject()
        switch expectation.kind {
        case .invariant(let violated):
            object["invariant"] = .string(expectation.qualifiedName)
            if expectation.args != .object(JSONObject()) { object["args"] = expectation.args }
            if violated { object["violated"] = true }
        case .check(let at, let device, let equals):
            object["check"] = .string(expectation.qualifiedName)
            object["at"] = time(at)
            if let device { object["device"] = .string(device) }
            if expectation.args != .object(JSONObject()) { object["args"] = expectation.args }
            object["equals"] = equals
        }
        if expectation.sweep != .every { object["sweep"] = .string(expectation.sweep.rawValue) }
        return .object(object)
    }
}
