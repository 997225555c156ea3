import SimulateJSON

/// Draws the concrete faults of ``FaultGeneratorSpec`` for one seed, from a stream of its own
/// (label `swarm/faults`), so that no other draw of the run changes.
public enum FaultGenerator {
    public static let streamLabel = "swarm/faults"

    public static func draw(_ spec: FaultGeneratorSpec, scenario: Scenario, seed: UInt64) -> [FaultSpec] {
        var random = SeededRandom(runSeed: seed, label: streamLabel)
        let devices = spec.devices ?? scenario.devices.map(\.id)
        let totalWeight = spec.kinds.reduce(0) { $0 + $1.weight }
        guard !devices.isEmpty, totalWeight > 0, spec.windowTo > spec.windowFrom else {
            return []
        }
        let count = random.int(in: spec.count)
        var drawn: [(start: VirtualInstant, index: Int, fault: FaultSpec)] = []
        for index in 0..<count {
            let kind = pick(spec.kinds, total: totalWeight, &random)
            // Whole milliseconds: the schedule is printed and written out for people to read.
            let lastStart = spec.windowTo - .nanoseconds(1)
            let drawnStart = random.duration(in: spec.windowFrom.sinceStart...lastStart.sinceStart)
            let start = min(VirtualInstant.start + roundedToMilliseconds(drawnStart), lastStart)
            let length = min(
                max(roundedToMilliseconds(random.duration(in: spec.length)), .nanoseconds(1)), spec.windowTo - start)
            let hit: [String] =
                devices.count > 1 && random.chance(spec.allDevices)
                ? devices : [devices[random.int(in: 0...(devices.count - 1))]]
            var fault = FaultSpec(
                at: .at(start), for: kind == .serverRestart ? nil : max(.nanoseconds(1), length),
                devices: kind == .serverRestart ? nil : hit, kind: kind)
            switch kind {
            case .latency:
                fault.latency = .fixed(roundedToMilliseconds(random.duration(in: spec.latency)))
            case .loss:
                let value = spec.loss.lowerBound + random.unitDouble() * (spec.loss.upperBound - spec.loss.lowerBound)
                fault.loss = (value * 100).rounded() / 100
            case .serverRestart: fault.plugin = spec.plugin
            default: break
            }
            drawn.append((start, index, fault))
        }
        return drawn.sorted { ($0.start, $0.index) < ($1.start, $1.index) }.map(\.fault)
    }

    private static func pick(_ kinds: [(kind: FaultKind, weight: Double)], total: Double, _ random: inout SeededRandom)
        -> FaultKind
    {
        var point = random.unitDouble() * total
        for entry in kinds {
            if point < entry.weight { return entry.kind }
            point -= entry.weight
        }
        return kinds[kinds.count - 1].kind
    }

    private static func roundedToMilliseconds(_ duration: VirtualDuration) -> VirtualDuration {
        duration / DurationFormat.nanosecondsPerMillisecond * DurationFormat.nanosecondsPerMillisecond
    }
}

extension FaultSpec {
    /// The fault as a scenario file writes it: what a failing seed prints and `shrink` writes out.
    public var json: JSON {
        var object = JSONObject()
        object["at"] = .string(at.text)
        if let duration { object["for"] = .string(DurationFormat.string(duration)) }
        if let devices {
            object[devices.count == 1 ? "device" : "devices"] =
                devices.count == 1 ? .string(devices[0]) : .array(devices.map(JSON.string))
        }
        object["kind"] = .string(kind.rawValue)
        if let latency {
            object["latency"] =
                latency.minimum == latency.maximum
                ? .string(DurationFormat.string(latency.minimum))
                : [
                    "min": .string(DurationFormat.string(latency.minimum)),
                    "max": .string(DurationFormat.string(latency.maximum)),
                ]
        }
        if let loss { object["loss"] = .double(loss) }
        if let plugin { object["plugin"] = .string(plugin) }
        if let server { object["server"] = .string(server) }
        if let error { object["error"] = .string(error) }
        if let repeating = `repeat` {
            object["repeat"] = [
                "every": .string(DurationFormat.string(repeating.every)), "count": JSON(repeating.count),
            ]
        }
        return .object(object)
    }
}
