import SimulateJSON

/// The outcome of one expectation.
public struct ExpectationResult: Sendable {
    /// An invariant over the whole run, or a point check.
    public enum Kind: String, Sendable {
        case invariant, check
    }

    /// `sse.backoff`.
    public var name: String
    /// An invariant or a point check.
    public var kind: Kind
    /// The scenario expects the invariant to be violated (`"violated": true`).
    public var expectedViolated: Bool
    /// Whether the expectation was met (for `violated`, whether the invariant was broken).
    public var passed: Bool
    /// How the invariant was broken, in time order (empty when it held).
    public var violations: [Violation]
    /// Under a seed sweep: met with every seed, or judged once over the sweep (met with at least one).
    public var sweep: SweepRule = .every
    /// Where the expectation is in the scenario file.
    public var path: JSONPath
    /// Checks only.
    public var at: TimePoint?
    /// Checks only: the device the value was read on.
    public var device: String?
    /// Checks only: the value `equals` asked for.
    public var expected: JSON?
    /// Checks only: the value the run had.
    public var observed: JSON?

    /// The outcome of one expectation; see the members.
    public init(
        name: String, kind: Kind, expectedViolated: Bool, passed: Bool, violations: [Violation],
        sweep: SweepRule = .every, path: JSONPath, at: TimePoint? = nil, device: String? = nil, expected: JSON? = nil,
        observed: JSON? = nil
    ) {
        self.name = name
        self.kind = kind
        self.expectedViolated = expectedViolated
        self.passed = passed
        self.violations = violations
        self.sweep = sweep
        self.path = path
        self.at = at
        self.device = device
        self.expected = expected
        self.observed = observed
    }

    /// The key of the check's value in `RunResult.observed`: `sse.offlineIndicator@25s/phone`.
    public var observationKey: String {
        var key = name + "@" + (at?.text ?? "end")
        if let device { key += "/" + device }
        return key
    }
}

extension ExpectationResult {
    /// How many times the invariant was violated: each violation listed, and those a closing entry of a
    /// list cut short stands for (``Violation/omitted``).
    public var violationCount: Int { violations.reduce(0) { $0 + ($1.omitted > 0 ? $1.omitted : 1) } }

    /// The violations listed one by one, without a closing entry.
    public var listedViolations: [Violation] { violations.filter { $0.omitted == 0 } }
}

/// Why a run could not finish (exit status 3).
public struct RunFailure: Sendable, Error, CustomStringConvertible {
    /// What went wrong, in words for people.
    public var message: String
    /// The virtual time the run stopped at.
    public var at: VirtualInstant

    /// A failure at `at`.
    public init(message: String, at: VirtualInstant) {
        self.message = message
        self.at = at
    }

    /// The message.
    public var description: String { message }
}

/// The outcome of running one scenario with one seed.
public struct RunResult: Sendable {
    /// The scenario file; nil for a scenario built in code.
    public var file: String?
    /// The scenario's name.
    public var scenario: String
    /// The seed the run used.
    public var seed: UInt64
    /// Whether every expectation was met and the run finished.
    public var passed: Bool
    /// The trace hash: sixteen hex digits, the same for the same scenario and seed on every machine.
    /// Empty for a run made without it (``SimulationRunner/run(_:seed:keepsTrace:recordsSchedule:hashesTrace:)``),
    /// a skipped run and an invalid scenario.
    public var traceHash: String
    /// The events the scheduler ran.
    public var events: Int
    /// The virtual time the run covered: its last event or its end.
    public var simulated: VirtualDuration
    /// Each expectation's outcome, in the scenario's order.
    public var expectations: [ExpectationResult]
    /// Plugin name → that plugin's statistics.
    public var statistics: JSONObject
    /// Set when the run broke (event budget, internal error): the expectations are then not evaluated.
    public var failure: RunFailure?
    /// The trace records, when the run kept them.
    public var trace: [TraceRecord]
    /// The faults `faults.generate` drew for this seed (swarm mode), in the order they were scheduled.
    public var drawnFaults: [FaultSpec] = []
    /// The fault points of app code that fired (`SimulationFault.maybe`), in the order they fired.
    public var firedFaultPoints: [FaultPointFiring] = []
    /// Set when the run was skipped, with the reason: the scenario judges the reference component's
    /// configuration (`"judges": {"reference": …}`) and an app component is selected. Nothing ran;
    /// `passed` is true (a skip fails nothing) and `expectations` is empty.
    public var skipped: String?
    /// The strategy the scenario or the caller chose for the async runtime; nil: the default (`random`).
    public var strategy: ScheduleStrategy?
    /// What the async runtime chose, when the run recorded it.
    public var schedule: RecordedSchedule?
    /// Options a front end applied over the scenario file (``Scenario/replayArguments``), repeated by
    /// ``replayCommand``.
    public var replayArguments: [String] = []

    /// A run's outcome; see the members.
    public init(
        file: String?, scenario: String, seed: UInt64, passed: Bool, traceHash: String, events: Int,
        simulated: VirtualDuration, expectations: [ExpectationResult], statistics: JSONObject,
        failure: RunFailure?, trace: [TraceRecord], drawnFaults: [FaultSpec] = []
    ) {
        self.file = file
        self.scenario = scenario
        self.seed = seed
        self.passed = passed
        self.traceHash = traceHash
        self.events = events
        self.simulated = simulated
        self.expectations = expectations
        self.statistics = statistics
        self.failure = failure
        self.trace = trace
        self.drawnFaults = drawnFaults
    }

    /// ``simulated`` in seconds.
    public var simulatedSeconds: Double { simulated.seconds }

    /// The verdict of this run as one run of a seed sweep: every expectation whose rule is
    /// ``SweepRule/every`` was met (the others are judged over the whole sweep).
    public var passedAsPartOfSweep: Bool {
        failure == nil && expectations.allSatisfy { $0.passed || $0.sweep == .some }
    }

    /// Expectations judged over a whole sweep rather than per run.
    public var sweepExpectations: [ExpectationResult] { expectations.filter { $0.sweep == .some } }

    /// The value each point check read, by ``ExpectationResult/observationKey``.
    public var observed: JSONObject {
        var object = JSONObject()
        for result in expectations where result.kind == .check {
            object[result.observationKey] = result.observed ?? .null
        }
        return object
    }

    /// The command that runs exactly this again.
    public var replayCommand: String { command("run") }

    /// The command that shrinks this run's failure (`simulate shrink FILE --seed N …`).
    public var shrinkCommand: String { command("shrink") }

    private func command(_ subcommand: String) -> String {
        "\(Self.replayProgram) \(subcommand) \(ShellQuoting.quote(file ?? "<scenario>")) --seed \(seed)"
            + (strategy.map { " --strategy " + ShellQuoting.quote($0.description) } ?? "")
            + replayArguments.map { " " + ShellQuoting.quote($0) }.joined()
    }

    /// The command line that replay commands name: `simulate`, or the name of a command line built
    /// with `SimulateMain.run(extraPlugins:)` (it sets this once, at start, before any run).
    nonisolated(unsafe) public static var replayProgram = "simulate"
}

/// Quotes text for a POSIX shell, for the replay commands reports print.
public enum ShellQuoting {
    /// `text` as one shell word: unchanged when it holds only safe characters, else in single quotes.
    public static func quote(_ text: String) -> String {
        let safe = text.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || "/._-+=:,@".utf8.contains(byte)
        }
        if safe && !text.isEmpty { return text }
        return "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
