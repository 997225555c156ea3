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
    /// Why this side cannot judge an expectation it otherwise would in this scenario (nil: it can).
    static func cannotJudge(_ expectation: ExpectationSpec, in scenario: Scenario) -> String?
    /// What this side is, in a "not judged" reason: "from the server's side", "by the probe's client".
    static var side: String { get }
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

    static func cannotJudge(_ expectation: ExpectationSpec, in scenario: Scenario) -> String? { nil }

    /// Whether this side can see what the expectation is about at all.
    static func sees(_ expectation: ExpectationSpec) -> Bool {
        guard expectation.plugin == "sse" else { return false }
        switch expectation.kind {
        case .invariant: return invariants.contains(expectation.name)
        case .check: return observables.contains(expectation.name)
        }
    }

    static func judges(_ expectation: ExpectationSpec, in scenario: Scenario) -> Bool {
        sees(expectation) && cannotJudge(expectation, in: scenario) == nil
    }

    /// The scenario's expectations; without any, every invariant this side can judge.
    static func expectations(_ scenario: Scenario) -> [ExpectationSpec] {
        scenario.expectations ?? invariants.sorted().map { ExpectationSpec.invariant("sse." + $0) }
    }

    /// The expectations this side does not judge, by name.
    static func notJudged(_ scenario: Scenario) -> [String] {
        var seen: Set<String> = []
        return expectations(scenario).filter { !judges($0, in: scenario) }.map(\.qualifiedName)
            .filter { seen.insert($0).inserted }
    }

    /// Each expectation this side does not judge, with the reason: `"sse.items at 1.000s on phone: …"`.
    static func notJudgedReasons(_ scenario: Scenario) -> [String] {
        var seen: Set<String> = []
        return expectations(scenario).compactMap { expectation -> String? in
            let reason: String
            if !sees(expectation) {
                reason = "not visible \(side); `simulate run` judges it in-process"
            } else if let why = cannotJudge(expectation, in: scenario) {
                reason = why
            } else {
                return nil
            }
            var name = expectation.qualifiedName
            if case .check(let at, let device, _) = expectation.kind {
                name +=
                    " at " + DurationFormat.secondsText(at.instant(runEnd: scenario.end))
                    + (device.map { " on " + $0 } ?? "")
            }
            return name + ": " + reason
        }.filter { seen.insert($0).inserted }
    }

    /// The judged expectations' results in the scenario's order: invariants by their ``evaluation(of:)``,
    /// which gets the arguments the loader decoded, point checks by the value read at their time
    /// (`observations`, keyed by the expectation's index).
    func results(_ scenario: Scenario, observations: [Int: JSON]) -> [ExpectationResult] {
        var results: [ExpectationResult] = []
        for (offset, expectation) in Self.expectations(scenario).enumerated()
        where Self.judges(expectation, in: scenario) {
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
