import SimulateJSON

/// `faults` as an object: `{"list": [...], "generate": {...}, "liveness": {...} | false}`.
extension ScenarioDecoder {
    func decodeFaults(_ top: ObjectReader) -> ([FaultSpec], FaultGeneratorSpec?, LivenessPhase?) {
        guard let value = top.value("faults") else { return ([], nil, nil) }
        if case .array = value {
            return (decodeArray(top, "faults", required: false) { decodeFault($0, at: $1) }, nil, nil)
        }
        let path = JSONPath.root / "faults"
        guard
            let reader = ObjectReader(
                value, at: path, diagnostics: diagnostics,
                what: "an array of faults or an object with \"list\", \"generate\" and \"liveness\"")
        else { return ([], nil, nil) }
        let list = decodeArray(reader, "list", required: false) { decodeFault($0, at: $1) }
        let generator = reader.value("generate").flatMap { decodeGenerator($0, at: path / "generate") }
        var liveness: LivenessPhase?
        if let stated = reader.value("liveness") {
            // An invalid `generate` has its own errors: its window cannot stand in for `after`, and
            // asking for `after` as well would blame the liveness object for the generator's mistake.
            let generatorFailed = reader.has("generate") && generator == nil
            if stated != .bool(false) {
                liveness = decodeLiveness(
                    stated, at: path / "liveness", defaultAfter: generator?.windowTo, afterRequired: !generatorFailed)
            }
        } else if let generator {
            liveness = LivenessPhase(
                after: generator.windowTo, within: FaultGeneratorSpec.defaultLivenessWithin, path: path / "generate")
        }
        if !reader.has("list") && !reader.has("generate") && !reader.has("liveness") {
            diagnostics.error(
                "give \"list\" (explicit faults), \"generate\" (faults drawn from the seed) or both", at: path)
        }
        reader.rejectUnknownKeys()
        return (list, generator, liveness)
    }

    private func decodeLiveness(
        _ value: JSON, at path: JSONPath, defaultAfter: VirtualInstant?, afterRequired: Bool
    ) -> LivenessPhase? {
        guard let reader = ObjectReader(value, at: path, diagnostics: diagnostics, what: "an object or false")
        else { return nil }
        let after =
            reader.duration("after", required: defaultAfter == nil && afterRequired).map { .start + $0 } ?? defaultAfter
        let within = reader.duration("within", required: true)
        reader.rejectUnknownKeys()
        guard let after, let within else { return nil }
        return LivenessPhase(after: after, within: within, path: path)
    }

    private func decodeGenerator(_ value: JSON, at path: JSONPath) -> FaultGeneratorSpec? {
        guard let reader = ObjectReader(value, at: path, diagnostics: diagnostics) else { return nil }
        let kinds = decodeKinds(reader.value("kinds", required: true), at: path / "kinds")
        let count = intRange(reader, "count", within: 0...1_000) ?? 1...4
        let length = durationRange(reader, "length") ?? (.seconds(1)...(.seconds(10)))
        let devices = reader.value("devices").flatMap { idList($0, at: path / "devices") }
        var window: (VirtualInstant, VirtualInstant)?
        if let windowValue = reader.value("window", required: true),
            let inner = ObjectReader(windowValue, at: path / "window", diagnostics: diagnostics)
        {
            let from = VirtualInstant.start + (inner.duration("from") ?? .zero)
            let to = inner.duration("to", required: true).map { VirtualInstant.start + $0 }
            inner.rejectUnknownKeys()
            if let to {
                if to > from {
                    window = (from, to)
                } else {
                    diagnostics.error("the window ends (to) before it starts (from)", at: path / "window")
                }
            }
        }
        let allDevices = reader.double("allDevices", range: 0...1) ?? 0.25
        let latency = reader.value("latency").flatMap { decodeLatency($0, at: path / "latency") }
        var loss: ClosedRange<Double> = 0.3...1
        if let lossValue = reader.value("loss"),
            let inner = ObjectReader(lossValue, at: path / "loss", diagnostics: diagnostics)
        {
            let low = inner.double("min", required: true, range: 0...1)
            let high = inner.double("max", required: true, range: 0...1)
            inner.rejectUnknownKeys()
            if let low, let high {
                if low <= high {
                    loss = low...high
                } else {
                    diagnostics.error("loss min is greater than max", at: path / "loss")
                }
            }
        }
        let plugin = reader.string("plugin", required: kinds?.contains { $0.kind == .serverRestart } ?? false)
        reader.rejectUnknownKeys()
        guard let kinds, let window else { return nil }
        return FaultGeneratorSpec(
            kinds: kinds, count: count, length: length, devices: devices, windowFrom: window.0, windowTo: window.1,
            allDevices: allDevices,
            latency: latency.map { $0.minimum...$0.maximum } ?? (.milliseconds(200)...(.seconds(2))),
            loss: loss, plugin: plugin, path: path)
    }

    /// `["offline", "partition"]` (equal weights) or `{"offline": 3, "partition": 1}`.
    private func decodeKinds(_ value: JSON?, at path: JSONPath) -> [(kind: FaultKind, weight: Double)]? {
        guard let value else { return nil }
        let names = FaultKind.allCases.filter(Self.isDrawable).map(\.rawValue).joined(separator: ", ")
        var kinds: [(kind: FaultKind, weight: Double)] = []
        switch value {
        case .array(let items):
            for (index, item) in items.enumerated() {
                guard let kind = item.stringValue.flatMap(FaultKind.init) else {
                    diagnostics.error(
                        "expected a fault kind (\(names)), found \(JSONWriter.string(item))", at: path / index)
                    continue
                }
                guard generatable(kind, at: path / index) else { continue }
                kinds.append((kind, 1))
            }
        case .object(let object):
            for (name, weight) in object.members {
                guard let kind = FaultKind(rawValue: name) else {
                    diagnostics.error("unknown fault kind \"\(name)\" (kinds: \(names))", at: path / name)
                    continue
                }
                guard let number = weight.doubleValue, number > 0, number.isFinite else {
                    diagnostics.error(
                        "expected a weight greater than 0, found \(JSONWriter.string(weight))", at: path / name)
                    continue
                }
                guard generatable(kind, at: path / name) else { continue }
                kinds.append((kind, number))
            }
        default:
            diagnostics.error(
                "expected an array of fault kinds or an object of kind → weight, found \(value.typeName)", at: path)
            return nil
        }
        if kinds.isEmpty {
            diagnostics.error("give at least one fault kind (\(names))", at: path)
            return nil
        }
        return kinds
    }

    /// `serverError` names a server and an error of its own: such faults are listed, not drawn.
    private static func isDrawable(_ kind: FaultKind) -> Bool { kind != .serverError }

    private func generatable(_ kind: FaultKind, at path: JSONPath) -> Bool {
        guard !Self.isDrawable(kind) else { return true }
        diagnostics.error(
            "serverError faults are not drawn: list them under \"list\" with their server and error", at: path)
        return false
    }

    private func intRange(_ reader: ObjectReader, _ key: String, within limits: ClosedRange<Int>) -> ClosedRange<Int>? {
        guard let value = reader.value(key) else { return nil }
        if value.intValue != nil, let exact = reader.int(key, range: limits) { return exact...exact }
        guard
            let inner = ObjectReader(
                value, at: reader.path / key, diagnostics: diagnostics, what: "an integer or {\"min\", \"max\"}")
        else { return nil }
        let low = inner.int("min", required: true, range: limits)
        let high = inner.int("max", required: true, range: limits)
        inner.rejectUnknownKeys()
        guard let low, let high else { return nil }
        guard low <= high else {
            diagnostics.error("\(key) min is greater than max", at: reader.path / key)
            return nil
        }
        return low...high
    }

    private func durationRange(_ reader: ObjectReader, _ key: String) -> ClosedRange<VirtualDuration>? {
        guard let value = reader.value(key) else { return nil }
        let range = decodeLatency(value, at: reader.path / key, field: key)
        guard let range else { return nil }
        guard range.minimum > .zero else {
            diagnostics.error("\(key) must be longer than 0s", at: reader.path / key)
            return nil
        }
        return range.minimum...range.maximum
    }

    private func idList(_ value: JSON, at path: JSONPath) -> [String]? {
        guard case .array(let items) = value, !items.isEmpty else {
            diagnostics.error("expected a non-empty array of device ids, found \(value.typeName)", at: path)
            return nil
        }
        return items.enumerated().compactMap { index, item in
            guard let id = item.stringValue else {
                diagnostics.error("expected a device id, found \(item.typeName)", at: path / index)
                return nil
            }
            return id
        }
    }
}
