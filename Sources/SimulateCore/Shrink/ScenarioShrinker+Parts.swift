import SimulateJSON

extension ScenarioShrinker {
    /// Only the failing expectation is kept: the others cost run time and say nothing about this failure.
    func keepOnlyTarget(_ result: RunResult) {
        guard signature.kind != "broken" else { return }
        let failing = result.expectations.first { expectation in
            !expectation.passed
                && FailureSignature.all(of: Self.only(expectation, of: result), devices: current.deviceIDs)
                    .contains(signature)
        }
        guard let failing else { return }
        if case .index(let index)? = failing.path.components.last, let list = current.expectations,
            list.indices.contains(index)
        {
            attempt(with(current) { $0.expectations = [list[index]] })
        } else if signature.expectation.hasSuffix(".liveness") {
            attempt(with(current) { $0.expectations = [] })
        } else if current.expectations == nil {
            let spec: JSON = ["invariant": .string(signature.expectation)]
            attempt(with(current) { $0.expectations = [spec] })
        }
    }

    private static func only(_ expectation: ExpectationResult, of result: RunResult) -> RunResult {
        var copy = result
        copy.expectations = [expectation]
        return copy
    }

    /// `faults.generate` becomes the explicit faults it drew for this seed, so the rest can shrink them.
    func writeOutGeneratedFaults(_ drawn: [FaultSpec]) {
        guard case .object(var faults)? = current.root["faults"], faults["generate"] != nil else { return }
        let explicit = current.faults + drawn.map(\.json)
        let generated = faults["generate"]
        faults["generate"] = nil
        if let generated {
            let implied = FaultGeneratorSpec.impliedLiveness(generated)
            switch faults["liveness"] {
            case nil:
                // The liveness phase the generator implied, stated on its own.
                faults["liveness"] = implied
            case .object(var stated)?:
                if stated["after"] == nil { stated["after"] = implied["after"] }
                faults["liveness"] = .object(stated)
            default:
                break
            }
        }
        var candidate = current
        if faults["liveness"] == nil || faults["liveness"] == .bool(false) {
            candidate.root["faults"] = explicit.isEmpty ? nil : .array(explicit)
        } else {
            faults["list"] = explicit.isEmpty ? nil : .array(explicit)
            candidate.root["faults"] = .object(faults)
        }
        attempt(candidate)
    }

    /// The liveness phase (faults stop, the run goes on) goes when the failure is not a liveness one and holds
    /// without it: a safety invariant broken during the faults needs no time after them.
    func dropLivenessPhase() {
        guard !signature.expectation.hasSuffix(".liveness"), case .object(var faults)? = current.root["faults"],
            faults["liveness"] != nil, faults["generate"] == nil
        else { return }
        faults["liveness"] = nil
        var candidate = current
        if faults.isEmpty {
            candidate.root["faults"] = nil
        } else if faults.keys == ["list"] {
            candidate.root["faults"] = faults["list"]
        } else {
            candidate.root["faults"] = .object(faults)
        }
        attempt(candidate)
    }

    func reduceDevices() {
        let devices = current.devices
        guard devices.count > 1 else { return }
        let kept = minimize(devices, minimumCount: 1) { self.current.keeping(devices: $0) }
        if kept.count < devices.count { current = current.keeping(devices: kept) }
    }

    /// Delta debugging (Zeller's ddmin, complement steps): the smallest sublist of `items` found
    /// for which `build` still fails. Tries the empty list first.
    func minimize(_ items: [JSON], minimumCount: Int = 0, build: ([JSON]) -> ScenarioDocument) -> [JSON] {
        guard items.count > minimumCount else { return items }
        if minimumCount == 0, attempt(build([])) { return [] }
        var kept = items
        var chunks = 2
        while kept.count > max(1, minimumCount), !outOfBudget {
            let size = (kept.count + chunks - 1) / chunks
            var removedOne = false
            var start = 0
            while start < kept.count, !outOfBudget {
                let end = min(start + size, kept.count)
                let rest = Array(kept[..<start] + kept[end...])
                if rest.count >= minimumCount, attempt(build(rest)) {
                    kept = rest
                    removedOne = true
                    chunks = max(chunks - 1, 2)
                    break
                }
                start = end
            }
            if removedOne { continue }
            guard chunks < kept.count else { break }
            chunks = min(chunks * 2, kept.count)
        }
        return kept
    }

    func with(_ document: ScenarioDocument, _ change: (inout ScenarioDocument) -> Void) -> ScenarioDocument {
        var copy = document
        change(&copy)
        return copy
    }
}
