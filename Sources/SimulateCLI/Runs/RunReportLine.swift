import SimulateCore
import SimulateJSON
import SimulateReports

/// One run in a `run --json` report: the object `run --format json` prints, plus what `simulate merge` needs to
/// rebuild the run's result: its place in the whole sweep (`position`), its file's number among the command's
/// files when it is one seed of a sweep (`group`), and when a broken run stopped (`brokeAtNanoseconds`).
enum RunReportLine {
    static func json(_ result: RunResult, position: Int, group: Int?) -> JSON {
        var object = JSONReport.json(result).objectValue ?? JSONObject()
        object["position"] = JSON(position)
        object["group"] = group.map { JSON($0) } ?? .null
        if let failure = result.failure { object["brokeAtNanoseconds"] = .integer(failure.at.nanoseconds) }
        return .object(object)
    }

    /// A run rebuilt from its line: everything the reports show, without the trace.
    struct Decoded {
        var result: RunResult
        var position: Int
        var group: Int?
        /// The faults swarm mode drew, as written in the line (`faultSchedule`).
        var faultSchedule: [JSON]
    }

    static func decode(_ value: JSON) throws(RunReportProblem) -> Decoded {
        guard let object = value.objectValue else { throw RunReportProblem("expected a run object") }
        func required<T>(_ key: String, _ read: (JSON) -> T?) throws(RunReportProblem) -> T {
            guard let member = object[key], let result = read(member) else {
                throw RunReportProblem("$.\(key): missing or of the wrong type")
            }
            return result
        }
        let scenario = try required("scenario", \.stringValue)
        let file = object["file"]?.stringValue
        let seed = try required("seed", \.uint64Value)
        let passed = try required("passed", \.boolValue)
        let traceHash = try required("traceHash", \.stringValue)
        let events = try required("events", \.intValue)
        let simulated = try required("simulatedSeconds", \.doubleValue)
        let position = try required("position", \.intValue)
        var expectations: [ExpectationResult] = []
        for (index, item) in (try required("expectations", \.arrayValue)).enumerated() {
            expectations.append(try expectation(item, at: "$.expectations[\(index)]"))
        }
        var failure: RunFailure?
        if let message = object["error"]?.stringValue {
            let at = object["brokeAtNanoseconds"]?.int64Value ?? 0
            failure = RunFailure(message: message, at: VirtualInstant(nanoseconds: at))
        }
        var result = RunResult(
            file: file, scenario: scenario, seed: seed, passed: passed, traceHash: traceHash, events: events,
            simulated: VirtualDuration(nanoseconds: nanoseconds(simulated)), expectations: expectations,
            statistics: object["statistics"]?.objectValue ?? JSONObject(), failure: failure, trace: [])
        result.skipped = object["skipped"]?.stringValue
        if let text = object["strategy"]?.stringValue {
            do { result.strategy = try ScheduleStrategy(parsing: text) } catch {
                throw RunReportProblem("$.strategy: \(error)")
            }
        }
        result.replayArguments = object["replayArguments"]?.arrayValue?.compactMap(\.stringValue) ?? []
        for (index, item) in (object["faultPoints"]?.arrayValue ?? []).enumerated() {
            result.firedFaultPoints.append(try firing(item, at: "$.faultPoints[\(index)]"))
        }
        return Decoded(
            result: result, position: position, group: object["group"]?.intValue,
            faultSchedule: object["faultSchedule"]?.arrayValue ?? [])
    }

    private static func firing(_ value: JSON, at path: String) throws(RunReportProblem) -> FaultPointFiring {
        guard let name = value["name"]?.stringValue, let seconds = value["at"]?.doubleValue,
            let device = value["device"]?.stringValue, let task = value["task"]?.stringValue,
            let call = value["call"]?.intValue
        else { throw RunReportProblem("\(path): expected a fault point with name, at, device, task and call") }
        return FaultPointFiring(
            name: name, at: VirtualInstant(nanoseconds: nanoseconds(seconds)), device: device, task: task, call: call)
    }

    private static func expectation(_ value: JSON, at path: String) throws(RunReportProblem) -> ExpectationResult {
        guard let object = value.objectValue, let name = object["name"]?.stringValue,
            let kind: ExpectationResult.Kind = object["kind"]?.stringValue.flatMap({ .init(rawValue: $0) }),
            let passed = object["passed"]?.boolValue
        else { throw RunReportProblem("\(path): expected an expectation with name, kind and passed") }
        var violations: [Violation] = []
        for item in object["violations"]?.arrayValue ?? [] {
            guard let message = item["message"]?.stringValue else {
                throw RunReportProblem("\(path).violations: a violation without a message")
            }
            var violation = Violation(
                at: VirtualInstant(nanoseconds: nanoseconds(item["at"]?.doubleValue ?? 0)),
                device: item["device"]?.stringValue, message: message,
                events: item["events"]?.arrayValue?.compactMap(\.stringValue) ?? [])
            violation.omitted = Int(item["omitted"]?.intValue ?? 0)
            violations.append(violation)
        }
        var at: TimePoint?
        if kind == .check, let text = object["at"]?.stringValue {
            if text == "end" {
                at = .end
            } else if let time = DurationFormat.parse(text) {
                at = .at(VirtualInstant(nanoseconds: time))
            }
        }
        return ExpectationResult(
            name: name, kind: kind, expectedViolated: object["expectedViolated"]?.boolValue ?? false, passed: passed,
            violations: violations,
            sweep: object["sweep"]?.stringValue.flatMap(SweepRule.init(rawValue:)) ?? .every, path: JSONPath(),
            at: at, device: object["device"]?.stringValue, expected: kind == .check ? object["expected"] : nil,
            observed: kind == .check ? object["observed"] : nil)
    }

    /// Seconds as written (`DurationFormat.seconds`) back to whole nanoseconds: exact for runs under about 104 days.
    private static func nanoseconds(_ seconds: Double) -> Int64 {
        Int64((seconds * 1_000_000_000).rounded())
    }

    /// The last line: how many runs the shard wrote, and how many of each sweep group, so that a merge knows when a
    /// file's sweep is complete.
    static func end(runs: Int, groups: [Int: Int]) -> JSON {
        var counts = JSONObject()
        for group in groups.keys.sorted() { counts[String(group)] = JSON(groups[group]!) }
        return ["end": ["runs": JSON(runs), "groups": .object(counts)]]
    }
}
