import SimulateCore
import SimulateJSON
import SimulateSSE

/// What a real-time command (`serve`, `probe`) can judge of a scenario's expectations: some `sse`
/// invariants and observables. The rest are named on standard error, never passed silently.
protocol RealRunJudging {
    static var invariants: Set<String> { get }
    static var observables: Set<String> { get }
}

extension RealRunJudging {
    static func judges(_ expectation: ExpectationSpec) -> Bool {
        guard expectation.plugin == "sse" else { return false }
        switch expectation.kind {
        case .invariant: return invariants.contains(expectation.name)
        case .check: return observables.contains(expectation.name)
        }
    }

    /// The scenario's expectations; without any, every invariant this side can judge.
    static func expectations(_ scenario: Scenario) -> [ExpectationSpec] {
        scenario.expectations ?? invariants.sorted().map { ExpectationSpec.invariant("sse." + $0) }
    }

    static func notJudged(_ scenario: Scenario) -> [String] {
        var seen: Set<String> = []
        return expectations(scenario).filter { !judges($0) }.map(\.qualifiedName).filter { seen.insert($0).inserted }
    }

    /// The judged expectations' results in the scenario's order: invariants by `evaluate`, which gets
    /// the invariant with the arguments the loader decoded, point checks by the value read at their
    /// time (`observations`, keyed by the expectation's index).
    static func results(
        _ scenario: Scenario, observations: [Int: JSON], evaluate: (SSEInvariant) -> [Violation]
    ) -> [ExpectationResult] {
        var results: [ExpectationResult] = []
        for (offset, expectation) in expectations(scenario).enumerated() where judges(expectation) {
            switch expectation.kind {
            case .invariant(let violated):
                let violations =
                    scenario.value(ofExpectation: expectation, at: offset, as: SSEInvariant.self).map(evaluate) ?? [
                        Violation(at: .start, message: "the arguments of \(expectation.qualifiedName) do not decode")
                    ]
                results.append(
                    ExpectationResult(
                        name: expectation.qualifiedName, kind: .invariant, expectedViolated: violated,
                        passed: violated ? !violations.isEmpty : violations.isEmpty, violations: violations,
                        path: expectation.path))
            case .check(let at, let device, let expected):
                let observed = observations[offset] ?? .null
                let passed = observed == expected
                let message = "expected \(JSONWriter.string(expected)), observed \(JSONWriter.string(observed))"
                results.append(
                    ExpectationResult(
                        name: expectation.qualifiedName, kind: .check, expectedViolated: false, passed: passed,
                        violations: passed
                            ? []
                            : [
                                Violation(
                                    at: at.instant(runEnd: scenario.end),
                                    device: device, message: message)
                            ],
                        path: expectation.path, at: at, device: device, expected: expected, observed: observed))
            }
        }
        return results
    }
}
