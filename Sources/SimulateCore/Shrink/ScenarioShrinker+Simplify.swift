import SimulateJSON

extension ScenarioShrinker {
    /// Per fault and step: fewer repeats, shorter faults on fewer devices, earlier starts.
    func simplifyItems() {
        simplifyEach(\.faults, variants: faultVariants)
        simplifyEach(\.steps, variants: stepVariants)
    }

    private func simplifyEach(_ list: WritableKeyPath<ScenarioDocument, [JSON]>, variants: (JSON) -> [JSON]) {
        var index = 0
        while index < current[keyPath: list].count, !outOfBudget {
            // Each adopted variant opens new ones (a halved count can be halved again); bounded all the same.
            for _ in 0..<24 where !outOfBudget {
                let item = current[keyPath: list][index]
                let adopted = variants(item).contains { variant in
                    variant != item && attempt(with(current) { $0[keyPath: list][index] = variant })
                }
                if !adopted { break }
            }
            index += 1
        }
    }

    private func repeatVariants(_ item: JSON) -> [JSON] {
        guard let repeating = item["repeat"], let count = repeating["count"]?.intValue else { return [] }
        var variants = [ScenarioDocument.setting("repeat", nil, in: item)]
        for smaller in [count / 2, count - 1] where smaller >= 2 && smaller < count {
            variants.append(
                ScenarioDocument.setting(
                    "repeat", ScenarioDocument.setting("count", JSON(smaller), in: repeating), in: item))
        }
        return variants
    }

    private func earlierVariants(_ item: JSON) -> [JSON] {
        guard let at = ScenarioDocument.at(item), at > .zero else { return [] }
        return [.zero, Self.rounded(at / 2)].map { ScenarioDocument.setting("at", ScenarioDocument.json($0), in: item) }
    }

    func stepVariants(_ step: JSON) -> [JSON] {
        repeatVariants(step) + argumentVariants(step) + earlierVariants(step)
    }

    /// A whole-number argument halved, or one less (`{"count": 8}` → 4, 7): the step asks for less. A value the
    /// action refuses fails to load, and so is never adopted.
    private func argumentVariants(_ step: JSON) -> [JSON] {
        guard let arguments = step["args"]?.objectValue else { return [] }
        var variants: [JSON] = []
        for (name, value) in arguments.members {
            guard let number = value.intValue, number > 1 else { continue }
            for smaller in Set([number / 2, number - 1]).sorted() where smaller >= 1 {
                var changed = arguments
                changed[name] = JSON(smaller)
                variants.append(ScenarioDocument.setting("args", .object(changed), in: step))
            }
        }
        return variants
    }

    func faultVariants(_ fault: JSON) -> [JSON] {
        var variants = repeatVariants(fault)
        if let length = fault["for"].flatMap(ScenarioDocument.duration(in:)), length > .milliseconds(1) {
            variants.append(
                ScenarioDocument.setting("for", ScenarioDocument.json(Self.rounded(length / 2)), in: fault))
        }
        if let named = fault["devices"]?.arrayValue, named.count > 1 {
            let cleared = ScenarioDocument.setting("devices", nil, in: fault)
            variants += named.map { ScenarioDocument.setting("device", $0, in: cleared) }
        }
        return variants + earlierVariants(fault)
    }

    /// Everything earlier by the first start, a plainer network, then the shortest duration that still fails.
    func simplifyTimes() {
        shiftEarlier()
        if current.root["network"] != nil { attempt(with(current) { $0.root["network"] = nil }) }
        shortenDuration()
    }

    private func shiftEarlier() {
        let starts = (current.steps + current.faults).compactMap(ScenarioDocument.at)
        guard let first = starts.min(), first > .zero else { return }
        var candidate = current
        candidate.steps = current.steps.map { Self.shifted($0, by: first) }
        candidate.faults = current.faults.map { Self.shifted($0, by: first) }
        candidate.expectations = current.expectations?.map { Self.shifted($0, by: first) }
        if case .object(var faults)? = current.root["faults"], case .object(var liveness)? = faults["liveness"],
            let after = liveness["after"].flatMap(ScenarioDocument.duration(in:))
        {
            liveness["after"] = ScenarioDocument.json(max(.zero, after - first))
            faults["liveness"] = .object(liveness)
            candidate.root["faults"] = .object(faults)
        }
        candidate.root["duration"] = ScenarioDocument.json(max(.nanoseconds(1), current.duration - first))
        attempt(candidate)
    }

    private static func shifted(_ item: JSON, by delta: VirtualDuration) -> JSON {
        guard let at = ScenarioDocument.at(item) else { return item }
        return ScenarioDocument.setting("at", ScenarioDocument.json(max(.zero, at - delta)), in: item)
    }

    /// Binary search between the latest time the scenario names and its duration. A failure that stands at
    /// the run's end ("8 of 11 requests never completed") only loses idle time: a run cut while work was
    /// under way fails that way with any component, and would reproduce nothing.
    private func shortenDuration() {
        var low = latestNamedTime()
        var high = current.duration
        for _ in 0..<10 where high - low > .milliseconds(1) && !outOfBudget {
            let middle = low + (high - low) / 2
            let candidate = with(current) { $0.root["duration"] = ScenarioDocument.json(Self.rounded(middle)) }
            if cutsOnlyIdleTimeIfNeeded(candidate), attempt(candidate) {
                high = current.duration
            } else {
                low = middle
            }
        }
    }

    /// Whether `candidate` fails as the current scenario does and, when the current failure stands at the
    /// run's end, ran every event the current run did (what it cut was idle).
    private func cutsOnlyIdleTimeIfNeeded(_ candidate: ScenarioDocument) -> Bool {
        guard let before = currentResult, fails(candidate), let after = failingResult(of: candidate) else {
            return false
        }
        return !signature.standsAtTheEnd(in: before, devices: current.deviceIDs) || after.events == before.events
    }

    /// Durations at whole milliseconds read better and lose nothing here.
    private static func rounded(_ duration: VirtualDuration) -> VirtualDuration {
        let millisecond = VirtualDuration.milliseconds(1)
        return (duration + millisecond - .nanoseconds(1)) / millisecond * millisecond
    }

    private func latestNamedTime() -> VirtualDuration {
        var latest =
            (current.steps + current.faults + (current.expectations ?? []))
            .compactMap(ScenarioDocument.at).max() ?? .zero
        if let liveness = current.root["faults"]?["liveness"], let after = liveness["after"],
            let within = liveness["within"]
        {
            latest = max(
                latest,
                (ScenarioDocument.duration(in: after) ?? .zero) + (ScenarioDocument.duration(in: within) ?? .zero))
        }
        return latest
    }

    /// A `repeat` that is still needed is written out as explicit items when fewer of them fail the same
    /// way. Returns whether anything changed.
    func expandRepeats() -> Bool {
        var changed = false
        changed = expand(\.steps) || changed
        changed = expand(\.faults) || changed
        return changed
    }

    private func expand(_ list: WritableKeyPath<ScenarioDocument, [JSON]>) -> Bool {
        var changed = false
        var index = 0
        while index < current[keyPath: list].count, !outOfBudget {
            let item = current[keyPath: list][index]
            let count = ScenarioDocument.occurrences(item)
            guard count > 1, count <= options.expandRepeatsUpTo, let at = ScenarioDocument.at(item),
                let every = item["repeat"]?["every"].flatMap(ScenarioDocument.duration(in:))
            else {
                index += 1
                continue
            }
            let bare = ScenarioDocument.setting("repeat", nil, in: item)
            let expanded = (0..<count).map { k in
                ScenarioDocument.setting("at", ScenarioDocument.json(at + Int64(k) * every), in: bare)
            }
            let before = current[keyPath: list]
            let kept = minimize(expanded, minimumCount: 1) { part in
                var copy = self.current
                var items = before
                items.replaceSubrange(index...index, with: part)
                copy[keyPath: list] = items
                return copy
            }
            if kept.count < count, current[keyPath: list] != before {
                changed = true
                index += kept.count
            } else {
                current[keyPath: list] = before
                index += 1
            }
        }
        return changed
    }
}
