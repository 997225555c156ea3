import SimulateCore
import SimulateJSON

/// The machine-readable forms of results and diagnostics (one JSON object per line).
public enum JSONReport {
    /// One run: file, seed, verdict, trace hash, events, expectations, statistics.
    public static func json(_ result: RunResult) -> JSON {
        var object = JSONObject()
        object["file"] = result.file.map(JSON.string) ?? .null
        object["scenario"] = .string(result.scenario)
        object["seed"] = JSON(result.seed)
        if let strategy = result.strategy { object["strategy"] = .string(strategy.description) }
        object["passed"] = .bool(result.passed)
        if let reason = result.skipped { object["skipped"] = .string(reason) }
        object["traceHash"] = .string(result.traceHash)
        object["events"] = JSON(result.events)
        object["simulatedSeconds"] = .double(result.simulatedSeconds)
        object["expectations"] = .array(result.expectations.map(json))
        object["observed"] = .object(result.observed)
        object["statistics"] = .object(result.statistics)
        if let failure = result.failure { object["error"] = .string(failure.message) }
        if !result.passed { object["replay"] = .string(result.replayCommand) }
        if !result.replayArguments.isEmpty {
            object["replayArguments"] = .array(result.replayArguments.map(JSON.string))
        }
        if !result.passed, !result.drawnFaults.isEmpty {
            object["faultSchedule"] = .array(result.drawnFaults.map(\.json))
        }
        if !result.firedFaultPoints.isEmpty { object["faultPoints"] = .array(result.firedFaultPoints.map(json)) }
        return .object(object)
    }

    /// One call of an app's fault point that fired: `{"name", "at": seconds, "device", "task", "call"}`.
    public static func json(_ firing: FaultPointFiring) -> JSON {
        var object = JSONObject()
        object["name"] = .string(firing.name)
        object["at"] = .double(DurationFormat.seconds(firing.at))
        object["device"] = .string(firing.device)
        object["task"] = .string(firing.task)
        object["call"] = JSON(firing.call)
        return .object(object)
    }

    /// One expectation's outcome, with its violations (or a check's expected and observed values).
    public static func json(_ expectation: ExpectationResult) -> JSON {
        var object = JSONObject()
        object["name"] = .string(expectation.name)
        object["kind"] = .string(expectation.kind.rawValue)
        object["expectedViolated"] = .bool(expectation.expectedViolated)
        object["passed"] = .bool(expectation.passed)
        object["sweep"] = .string(expectation.sweep.rawValue)
        object["violations"] = .array(expectation.violations.map(json))
        if expectation.kind == .invariant { object["violationCount"] = .integer(Int64(expectation.violationCount)) }
        if expectation.kind == .check {
            object["at"] = .string(expectation.at?.text ?? "end")
            if let device = expectation.device { object["device"] = .string(device) }
            object["expected"] = expectation.expected ?? .null
            object["observed"] = expectation.observed ?? .null
        }
        return .object(object)
    }

    /// One violation: when, on which device, what, and the events before it.
    public static func json(_ violation: Violation) -> JSON {
        var object = JSONObject()
        object["at"] = .double(DurationFormat.seconds(violation.at))
        object["device"] = violation.device.map(JSON.string) ?? .null
        object["message"] = .string(violation.message)
        if !violation.events.isEmpty { object["events"] = .array(violation.events.map(JSON.string)) }
        if violation.omitted > 0 { object["omitted"] = .integer(Int64(violation.omitted)) }
        return .object(object)
    }

    /// One problem with a scenario file: where (file, line, column, JSON path) and what.
    public static func json(_ diagnostic: ScenarioDiagnostic) -> JSON {
        var object = JSONObject()
        object["kind"] = .string(diagnostic.kind.rawValue)
        object["line"] = diagnostic.location.map { JSON($0.line) } ?? .null
        object["column"] = diagnostic.location.map { JSON($0.column) } ?? .null
        object["path"] = .string(diagnostic.path.description)
        object["message"] = .string(diagnostic.message)
        return .object(object)
    }

    /// `{"file": …, "valid": bool, "errors": […]}` for `simulate validate --format json`.
    /// `"warnings"` has the same form as `"errors"`; warnings never make a file invalid.
    public static func validation(
        file: String, diagnostics: [ScenarioDiagnostic], warnings: [ScenarioDiagnostic] = []
    ) -> JSON {
        [
            "file": .string(file), "valid": .bool(diagnostics.isEmpty),
            "errors": .array(diagnostics.map(json)), "warnings": .array(warnings.map(json)),
        ]
    }
}
