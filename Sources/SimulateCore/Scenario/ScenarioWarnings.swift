import SimulateJSON

/// What is valid but probably not meant: a bare number of seconds longer than the whole run
/// (`"for": 3000` meant as milliseconds is 50 minutes), or a fault that outlasts the end of the
/// run by more than the run's length. Warnings never stop a run or change the exit status.
enum ScenarioWarnings {
    static func find(in scenario: Scenario, bareSeconds: [BareSeconds]) -> Diagnostics {
        let warnings = Diagnostics()
        let duration = scenario.duration.nanoseconds
        let durationText = DurationFormat.string(duration)
        var flagged: Set<JSONPath> = []
        for bare in bareSeconds where bare.path != .root / "duration" && bare.nanoseconds > duration {
            flagged.insert(bare.path)
            warnings.error(
                "\(bare.number) is read as seconds (\(readable(bare.nanoseconds))), longer than the "
                    + "whole run (duration \(durationText)): did you mean \"\(bare.number)ms\"?",
                at: bare.path)
        }
        for fault in scenario.faults {
            guard let length = fault.duration?.nanoseconds, !flagged.contains(fault.path / "for") else { continue }
            let start = fault.at.instant(runEnd: scenario.end).nanoseconds
            let last = start + (fault.repeat.map { ($0.every * ($0.count - 1)).nanoseconds } ?? 0)
            guard last + length - duration > duration else { continue }
            warnings.error(
                "this fault lasts \(readable(length)), until \(readable(start + length)): "
                    + "more than the run's length past its end (duration \(durationText))"
                    + (smallerUnit(length).map { ": did you mean \"\($0)\"?" } ?? ""),
                at: fault.path / "for")
        }
        if let liveness = scenario.liveness, let plugins = scenario.prepared?.plugins.values,
            !plugins.contains(where: { $0.plugin is any LivenessDocumenting })
        {
            warnings.error(
                "no enabled plugin states a liveness check (LivenessDocumenting, its run LivenessChecking): "
                    + "the liveness phase checks nothing", at: liveness.path)
        }
        return warnings
    }

    /// `50m` rather than `3000s`: the largest unit that divides the duration.
    static func readable(_ nanoseconds: Int64) -> String {
        for (unit, size) in [("h", Int64(3_600_000_000_000)), ("m", 60_000_000_000)]
        where nanoseconds >= size && nanoseconds % size == 0 {
            return "\(nanoseconds / size)\(unit)"
        }
        return DurationFormat.string(nanoseconds)
    }

    /// The same number in the next smaller unit: 3000s → "3000ms", 5m → "5s".
    static func smallerUnit(_ nanoseconds: Int64) -> String? {
        let units: [(String, Int64, String)] = [
            ("h", 3_600_000_000_000, "m"), ("m", 60_000_000_000, "s"), ("s", 1_000_000_000, "ms"),
            ("ms", 1_000_000, "us"),
        ]
        for (_, size, smaller) in units where nanoseconds >= size && nanoseconds % size == 0 {
            return "\(nanoseconds / size)\(smaller)"
        }
        return nil
    }
}
