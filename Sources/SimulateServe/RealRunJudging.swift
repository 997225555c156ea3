import SimulateCore
import SimulateJSON
import SimulateSSE

/// What a real-time command (`serve`, `probe`) can judge of a scenario's expectations: some `sse`
/// invariants and observables. The rest are named on standard error, never passed silently.
///
/// Each side states what it judges over the plugin's typed declarations (``SSEInvariant``,
/// ``SSEObservable``) with switches that have no `default`: a new `sse` invariant or observable does
/// not compile until each side says whether, and how, it judges it.
protocol RealRunJudging {
    associatedtype Session

    /// How this side judges an invariant of `kind` from what it saw; nil where it cannot see it.
    static func evaluation(of kind: SSEInvariant.Kind) -> ((Self) -> [Violation])?
    /// How this side reads an observable of `kind` at a check's time (on the check's device, if
    /// any); nil where it cannot see it.
    static func observation(of kind: SSEObservable.Kind) -> ((Session, String?) -> JSON)?
}

extension RealRunJudging {
    /// The names of the invariants this side judges, from each declared invariant's kind.
    static var invariants: Set<String> {
        Set(
            SSEInvariant.entries.filter { entry in entry.defaultValue.map { evaluation(of: $0.kind) != nil } ?? false }
                .map(\.name))
    }

    /// The names of the observables this side reads, from each declared observable's kind.
    static var observables: Set<String> {
        Set(
            SSEObservable.entries.filter { entry in entry.defaultValue.map { observation(of: $0.kind) != nil } ?? false
            }.map(\.name))
    }

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

    /// The judged expectations' results in the scenario's order: invariants by their ``evaluation(of:)``,
    /// which gets the arguments the loader decoded, point checks by the value read at their time
    /// (`observations`, keyed by the expectation's index).
    func results(_ scenario: Scenario, observations: [Int: JSON]) -> [ExpectationResult] {
        var results: [ExpectationResult] = []
        for (offset, expectation) in Self.expectations(scenario).enumerated() where Self.judges(expectation) {
            switch expectation.kind {
            case .invariant(let violated):
                let evaluation = scenario.value(ofExpectation: expectation, at: offset, as: SSEInvariant.self)
                    .flatMap { Self.evaluation(of: $0.kind) }
                let violations =
                    evaluation.map { $0(self) } ?? [
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
