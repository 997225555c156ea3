import SimulateCore
import SimulateJSON

/// One expectation with `"sweep": "some"`, judged once over every seed a command ran of its file:
/// met when at least one seed met it.
package struct SweepVerdict: Sendable {
    package var file: String
    package var name: String
    package var kind: ExpectationResult.Kind
    package var expectedViolated: Bool
    /// `sse.connected at end on phone equals true`: what had to happen at least once.
    package var wanted: String
    package var seeds: [UInt64] = []
    package var metSeeds = 0
    package var firstMetSeed: UInt64?

    package var passed: Bool { metSeeds > 0 }

    package init(file: String, _ expectation: ExpectationResult) {
        self.file = file
        name = expectation.name
        kind = expectation.kind
        expectedViolated = expectation.expectedViolated
        switch expectation.kind {
        case .check:
            let device = expectation.device.map { " on \($0)" } ?? ""
            wanted =
                "\(expectation.name) at \(expectation.at?.text ?? "end")\(device) equals "
                + JSONWriter.string(expectation.expected ?? .null)
        case .invariant:
            wanted = expectation.name + (expectation.expectedViolated ? " violated (a documented hazard)" : " held")
        }
    }

    package mutating func add(_ expectation: ExpectationResult, seed: UInt64) {
        seeds.append(seed)
        guard expectation.passed else { return }
        metSeeds += 1
        if firstMetSeed == nil { firstMetSeed = seed }
    }

    /// `12 seeds (0-11)`, with the seeds as ranges.
    package var seedsText: String {
        "\(seeds.count) seed\(seeds.count == 1 ? "" : "s") (\(SweepSummary.ranges(seeds.sorted())))"
    }

    /// The verdict in one line, without colours.
    package var summary: String {
        if let firstMetSeed {
            return "\(wanted) with \(metSeeds) of \(seedsText); needed at least one (first: seed \(firstMetSeed))"
        }
        return "\(wanted) with none of \(seedsText); needed at least one"
    }

    package var json: JSON {
        var object = JSONObject()
        object["name"] = .string(name)
        object["kind"] = .string(kind.rawValue)
        object["expectedViolated"] = .bool(expectedViolated)
        object["sweep"] = .string(SweepRule.some.rawValue)
        object["seeds"] = JSON(seeds.count)
        object["metSeeds"] = JSON(metSeeds)
        object["firstMetSeed"] = firstMetSeed.map { JSON($0) } ?? .null
        object["passed"] = .bool(passed)
        object["message"] = .string(summary)
        return .object(object)
    }
}

/// Collects the `"sweep": "some"` expectations of each file's runs, and closes a file's verdicts
/// when its last run of the command arrives (runs arrive in item order).
package struct SweepVerdicts {
    package init() {}

    private var remaining: [Int: Int] = [:]
    private var open: [Int: [SweepVerdict]] = [:]
    package private(set) var closed: [SweepVerdict] = []

    /// Announces that `runs` runs of the file numbered `group` will follow.
    package mutating func expect(group: Int, runs: Int) {
        guard runs > 0 else { return }
        remaining[group, default: 0] += runs
    }

    /// Adds one run's result; returns the file's verdicts when this was its last run.
    package mutating func add(_ result: RunResult, group: Int) -> [SweepVerdict] {
        let judged = result.sweepExpectations
        if !judged.isEmpty {
            var verdicts = open[group] ?? judged.map { SweepVerdict(file: result.file ?? result.scenario, $0) }
            if verdicts.count == judged.count {
                for index in judged.indices { verdicts[index].add(judged[index], seed: result.seed) }
            }
            open[group] = verdicts
        }
        remaining[group, default: 1] -= 1
        guard remaining[group] == 0 else { return [] }
        let finished = open.removeValue(forKey: group) ?? []
        closed += finished
        return finished
    }

    package var failedCount: Int { closed.filter { !$0.passed }.count }

    /// `{"seeds", "passed", "expectations": […]}`, set on the JSON line of a file's last run.
    package static func json(_ verdicts: [SweepVerdict]) -> JSON {
        var object = JSONObject()
        object["seeds"] = JSON(verdicts.first?.seeds.count ?? 0)
        object["passed"] = .bool(verdicts.allSatisfy(\.passed))
        object["expectations"] = .array(verdicts.map(\.json))
        return .object(object)
    }

    package static func humanLines(_ verdicts: [SweepVerdict], terminal: Terminal) -> [String] {
        verdicts.map { verdict in
            let status = verdict.passed ? terminal.green("SWEEP PASS") : terminal.red("SWEEP FAIL")
            return "\(status) \(verdict.file)  " + verdict.summary
        }
    }
}
