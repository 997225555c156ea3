import SimulateJSON

/// Turns a parsed JSON document into a typed ``Scenario``, collecting every problem it finds.
struct ScenarioDecoder {
    let diagnostics: Diagnostics
    /// Where streamed steps' arguments are decoded for the validator, when the loader knows the plugins.
    var decodedArguments: DecodedStepArguments? = nil

    /// `streamedSteps`: the file's `steps` array, when the parser left it out of `root` (it holds `[]` there).
    /// Throws a `JSONSyntaxError` (a number out of range inside the streamed steps). Untyped: a typed throw
    /// here miscompiled (Swift 6.3, debug), releasing a bad pointer when the `Scenario` was returned.
    func decode(_ root: JSON, streamedSteps: JSONArrayStream? = nil) throws -> Scenario? {
        guard let top = ObjectReader(root, at: .root, diagnostics: diagnostics, what: "a scenario object") else {
            return nil
        }
        if let format = top.value("format", required: true) {
            if format.intValue != 1 {
                diagnostics.error(
                    "unsupported format \(JSONWriter.string(format)): this simulate reads format 1",
                    at: .root / "format")
            }
        }
        let name = top.string("name", required: true)
        let description = top.string("description")
        let seed = decodeSeed(top)
        let pinsSeed = top.bool("pinSeed") ?? false
        let strategy = decodeStrategy(top)
        let judges = top.value("judges").flatMap {
            ScenarioJudges.decode($0, at: .root / "judges", diagnostics: diagnostics)
        }
        let duration = top.duration("duration", required: true, positive: true)
        let devices = decodeDevices(top)
        let network = top.value("network").flatMap { decodeNetwork($0, at: .root / "network") } ?? LinkConditions()
        let (faults, generator, liveness) = decodeFaults(top)
        let plugins = decodePlugins(top)
        let steps = decodeArray(top, "steps", required: false) { decodeStep($0, at: $1) }
        var streamed: CompactSteps?
        if let streamedSteps { streamed = try decodeSteps(streamedSteps) }
        let expectations =
            top.has("expect")
            ? decodeArray(top, "expect", required: false) { decodeExpectation($0, at: $1) }
            : top.value("expect").map { _ in [] }
        let limits = top.value("limits").flatMap { decodeLimits($0, at: .root / "limits") } ?? RunLimits()
        let faultPoints = top.value("faultPoints").flatMap { decodeFaultPoints($0, at: .root / "faultPoints") }
        top.rejectUnknownKeys(allowExtensions: true)
        var scenario = Scenario(
            // Without a valid duration no time counts as after the end: its own error is enough.
            name: name ?? "", description: description, seed: seed ?? 0,
            duration: duration ?? DurationValue.maximum,
            devices: devices, network: network, faults: faults, plugins: plugins, steps: steps,
            expectations: expectations, limits: limits, pinsSeed: pinsSeed)
        scenario.faultGenerator = generator
        scenario.judges = judges
        scenario.strategy = strategy
        scenario.liveness = liveness
        if let faultPoints { scenario.faultPoints = faultPoints }
        if let streamed { scenario.steps = StepList(compact: streamed) }
        return scenario
    }

    private func decodeSeed(_ top: ObjectReader) -> UInt64? {
        guard let value = top.value("seed") else { return nil }
        guard let seed = value.uint64Value else {
            let whole = value.doubleValue.map { $0.rounded() == $0 } ?? true
            diagnostics.error(
                "expected an integer from 0 to \(UInt64.max), found \(JSONWriter.string(value))"
                    + (whole ? "" : ", which is not a whole number"), at: .root / "seed")
            return nil
        }
        return seed
    }

    private func decodeStrategy(_ top: ObjectReader) -> ScheduleStrategy? {
        guard let text = top.string("strategy") else { return nil }
        do {
            return try ScheduleStrategy(parsing: text)
        } catch {
            let expected = ScheduleStrategy.expected
            diagnostics.error(
                error.description + (error.problem == expected ? "" : "; " + expected), at: .root / "strategy")
            return nil
        }
    }

    func decodeArray<T>(
        _ reader: ObjectReader, _ key: String, required: Bool, element: (JSON, JSONPath) -> T?
    ) -> [T] {
        guard let value = reader.value(key, required: required) else { return [] }
        guard case .array(let items) = value else {
            diagnostics.error("expected an array, found \(value.typeName)", at: reader.path / key)
            return []
        }
        let arrayPath = reader.path / key
        var elements: [T] = []
        elements.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            if let decoded = element(item, arrayPath / index) { elements.append(decoded) }
        }
        return elements
    }

    private func decodeDevices(_ top: ObjectReader) -> [DeviceSpec] {
        var seen: Set<String> = []
        let devices = decodeArray(top, "devices", required: true) { value, path -> DeviceSpec? in
            guard let reader = ObjectReader(value, at: path, diagnostics: diagnostics) else { return nil }
            let id = reader.id("id", required: true)
            let platform = reader.choice("platform", Platform.allCases.map(\.rawValue)).flatMap(Platform.init) ?? .iOS
            let skew = reader.duration("clockSkew", allowNegative: true) ?? .zero
            let simulator = reader.bool("simulator") ?? false
            reader.rejectUnknownKeys()
            guard let id else { return nil }
            guard seen.insert(id).inserted else {
                diagnostics.error("duplicate device id \"\(id)\"", at: path / "id")
                return nil
            }
            return DeviceSpec(id: id, platform: platform, clockSkew: skew, simulator: simulator)
        }
        if top.has("devices"), case .array(let items) = top.object["devices"]!, items.isEmpty {
            diagnostics.error("a scenario needs at least one device", at: .root / "devices")
        }
        return devices
    }

    /// A duration or a `{"min", "max"}` range of them; `field` names it in errors.
    func decodeLatency(_ value: JSON, at path: JSONPath, field: String = "latency") -> LatencyRange? {
        if case .object = value {
            guard let reader = ObjectReader(value, at: path, diagnostics: diagnostics) else { return nil }
            let low = reader.duration("min", required: true)
            let high = reader.duration("max", required: true)
            reader.rejectUnknownKeys()
            guard let low, let high else { return nil }
            guard low <= high else {
                diagnostics.error("\(field) min is greater than max", at: path)
                return nil
            }
            return LatencyRange(minimum: low, maximum: high)
        }
        return DurationValue.parse(value, at: path, diagnostics: diagnostics).map(LatencyRange.fixed)
    }

    private func decodeNetwork(_ value: JSON, at path: JSONPath) -> LinkConditions? {
        guard let reader = ObjectReader(value, at: path, diagnostics: diagnostics) else { return nil }
        var conditions = LinkConditions()
        if let latency = reader.value("latency") {
            conditions.latency = decodeLatency(latency, at: path / "latency") ?? conditions.latency
        }
        if let loss = reader.double("loss", range: 0...1) { conditions.loss = loss }
        if let chunk = reader.value("chunkBytes") {
            if let size = chunk.intValue, (1...Int(Int32.max)).contains(size) {
                conditions.chunkBytes = size...size
            } else if chunk.isNumber {
                diagnostics.error(IntegerRange.message(1...Int(Int32.max), found: chunk), at: path / "chunkBytes")
            } else if let range = ObjectReader(
                chunk, at: path / "chunkBytes", diagnostics: diagnostics, what: "an integer ≥ 1 or {\"min\", \"max\"}")
            {
                let low = range.int("min", required: true, range: 1...Int(Int32.max))
                let high = range.int("max", required: true, range: 1...Int(Int32.max))
                range.rejectUnknownKeys()
                if let low, let high {
                    if low <= high {
                        conditions.chunkBytes = low...high
                    } else {
                        diagnostics.error("chunkBytes min is greater than max", at: path / "chunkBytes")
                    }
                }
            }
        }
        reader.rejectUnknownKeys()
        return conditions
    }

    private func decodeRepeat(_ reader: ObjectReader) -> Repeat? {
        guard let value = reader.value("repeat") else { return nil }
        guard let inner = ObjectReader(value, at: reader.path / "repeat", diagnostics: diagnostics) else { return nil }
        let every = inner.duration("every", required: true, positive: true)
        let count = inner.int("count", required: true, range: 1...10_000_000)
        inner.rejectUnknownKeys()
        guard let every, let count else { return nil }
        return Repeat(every: every, count: count)
    }

    func decodeFault(_ value: JSON, at path: JSONPath) -> FaultSpec? {
        guard let reader = ObjectReader(value, at: path, diagnostics: diagnostics) else { return nil }
        let at = reader.timePoint("at", required: true)
        let length = reader.duration("for", positive: true)
        let devices = decodeDeviceList(reader)
        let kind = reader.choice("kind", FaultKind.allCases.map(\.rawValue), required: true).flatMap(FaultKind.init)
        var latency: LatencyRange?
        var loss: Double?
        var plugin: String?
        if kind == .latency {
            latency = reader.value("latency", required: true).flatMap { decodeLatency($0, at: path / "latency") }
        }
        if kind == .loss { loss = reader.double("loss", required: true, range: 0...1) }
        if kind == .serverRestart { plugin = reader.string("plugin", required: true) }
        var server: String?
        var error: String?
        if kind == .serverError {
            server = reader.string("server", required: true)
            error = reader.string("error", required: true)
        }
        let repeating = decodeRepeat(reader)
        reader.rejectUnknownKeys()
        guard let at, let kind else { return nil }
        return FaultSpec(
            at: at, for: length, devices: devices, kind: kind, latency: latency, loss: loss, plugin: plugin,
            server: server, error: error, repeat: repeating, path: path)
    }

    private func decodeDeviceList(_ reader: ObjectReader) -> [String]? {
        if reader.has("device") && reader.has("devices") {
            diagnostics.error("give either \"device\" or \"devices\", not both", at: reader.path)
        }
        if let one = reader.id("device") { return [one] }
        guard let many = reader.value("devices") else { return nil }
        guard case .array(let items) = many else {
            diagnostics.error("expected an array of device ids, found \(many.typeName)", at: reader.path / "devices")
            return nil
        }
        return items.enumerated().compactMap { index, item in
            guard case .string(let id) = item else {
                diagnostics.error("expected a device id, found \(item.typeName)", at: reader.path / "devices" / index)
                return nil
            }
            return id
        }
    }

    private func decodePlugins(_ top: ObjectReader) -> [PluginSpec] {
        guard let value = top.value("plugins", required: true) else { return [] }
        guard case .object(let object) = value else {
            diagnostics.error(
                "expected an object of plugin name → configuration, found \(value.typeName)", at: .root / "plugins")
            return []
        }
        if object.isEmpty { diagnostics.error("enable at least one plugin", at: .root / "plugins") }
        return object.members.compactMap { name, configuration in
            let path = JSONPath.root / "plugins" / name
            guard case .object = configuration else {
                diagnostics.error(
                    "expected a configuration object ({} for defaults), found \(configuration.typeName)", at: path)
                return nil
            }
            return PluginSpec(name: name, configuration: configuration, path: path)
        }
    }

    func decodeStep(_ value: JSON, at path: JSONPath) -> StepSpec? {
        guard let reader = ObjectReader(value, at: path, diagnostics: diagnostics) else { return nil }
        let time = reader.timePoint("at", required: true)
        let device = reader.id("device")
        let action = reader.string("do", required: true)
        let args = reader.value("args") ?? .object(JSONObject())
        let repeating = decodeRepeat(reader)
        reader.rejectUnknownKeys()
        // A step with a bad time is still checked further, so one run of `validate` reports everything.
        guard let action else { return nil }
        let at = time ?? .at(.start)
        guard isQualified(action) else {
            diagnostics.error("expected \"<plugin>.<action>\", found \"\(action)\"", at: path / "do")
            return nil
        }
        return StepSpec(at: at, device: device, do: action, args: args, repeat: repeating, path: path)
    }

    private func decodeExpectation(_ value: JSON, at path: JSONPath) -> ExpectationSpec? {
        guard let reader = ObjectReader(value, at: path, diagnostics: diagnostics) else { return nil }
        let args = reader.value("args") ?? .object(JSONObject())
        let sweep = reader.choice("sweep", SweepRule.allCases.map(\.rawValue)).flatMap(SweepRule.init) ?? .every
        if reader.has("invariant") == reader.has("check") {
            diagnostics.error("an expectation has exactly one of \"invariant\" or \"check\"", at: path)
            reader.rejectUnknownKeys()
            return nil
        }
        if let name = reader.string("invariant") {
            let violated = reader.bool("violated") ?? false
            reader.rejectUnknownKeys()
            guard isQualified(name) else {
                diagnostics.error("expected \"<plugin>.<invariant>\", found \"\(name)\"", at: path / "invariant")
                return nil
            }
            return ExpectationSpec(
                kind: .invariant(violated: violated), name: name, args: args, sweep: sweep, path: path)
        }
        let name = reader.string("check", required: true)
        let at = reader.timePoint("at", required: true)
        let device = reader.id("device")
        let equals = reader.value("equals", required: true)
        reader.rejectUnknownKeys()
        guard let name, let at, let equals else { return nil }
        guard isQualified(name) else {
            diagnostics.error("expected \"<plugin>.<observable>\", found \"\(name)\"", at: path / "check")
            return nil
        }
        return ExpectationSpec(
            kind: .check(at: at, device: device, equals: equals), name: name, args: args, sweep: sweep, path: path)
    }

    private func decodeLimits(_ value: JSON, at path: JSONPath) -> RunLimits? {
        guard let reader = ObjectReader(value, at: path, diagnostics: diagnostics) else { return nil }
        var limits = RunLimits()
        if let events = reader.int("events", range: 1...Int.max) { limits.eventBudget = events }
        reader.rejectUnknownKeys()
        return limits
    }

    private func isQualified(_ name: String) -> Bool { QualifiedName.isValid(name) }
}

extension ScenarioDecoder {
    /// `"faultPoints": {"enabled": true, "activation": 0.25, "firing": 0.25, "off": ["…"], "force": ["…"]}`.
    fileprivate func decodeFaultPoints(_ value: JSON, at path: JSONPath) -> FaultPointSettings? {
        guard let reader = ObjectReader(value, at: path, diagnostics: diagnostics) else { return nil }
        var settings = FaultPointSettings()
        if let enabled = reader.bool("enabled") { settings.enabled = enabled }
        if let activation = reader.double("activation", range: 0...1) { settings.activation = activation }
        if let firing = reader.double("firing", range: 0...1) { settings.firing = firing }
        settings.off = decodeArray(reader, "off", required: false) { pointName($0, at: $1) }
        settings.forced = decodeArray(reader, "force", required: false) { pointName($0, at: $1) }
        for name in settings.forced where settings.off.contains(name) {
            diagnostics.error("fault point \"\(name)\" is both in \"off\" and in \"force\"", at: path / "force")
        }
        reader.rejectUnknownKeys()
        return settings
    }

    private func pointName(_ value: JSON, at path: JSONPath) -> String? {
        guard case .string(let name) = value, !name.isEmpty else {
            diagnostics.error("expected a fault point's name (a non-empty string), found \(value.typeName)", at: path)
            return nil
        }
        return name
    }
}
