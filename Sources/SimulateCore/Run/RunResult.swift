import SimulateJSON

/// The outcome of one expectation.
public struct ExpectationResult: Sendable {
    public enum Kind: String, Sendable {
        case invariant, check
    }

    /// `sse.backoff`.
    public var name: String
    public var kind: Kind
    public var expectedViolated: Bool
    public var passed: Bool
    public var violations: [Violation]
    /// Under a seed sweep: met with every seed, or judged once over the sweep (met with at least one).
    public var sweep: SweepRule = .every
    public var path: JSONPath
    /// Checks only.
    public var at: TimePoint?
    public var device: String?
    public var expected: JSON?
    public var observed: JSON?

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

/// Why a run could not finish (exit status 3).
public struct RunFailure: Sendable, Error, CustomStringConvertible {
    public var message: String
    public var at: VirtualInstant

    public init(message: String, at: VirtualInstant) {
        self.message = message
        self.at = at
    }

    public var description: String { message }
}

/// The outcome of running one scenario with one seed.
public struct RunResult: Sendable {
    public var file: String?
    public var scenario: String
    public var seed: UInt64
    public var passed: Bool
    public var traceHash: String
    public var events: Int
    /// The virtual time the run covered: its last event or its end.
    public var simulated: VirtualDuration
    public var expectations: [ExpectationResult]
    /// Plugin name → that plugin's statistics.
    public var statistics: JSONObject
    /// Set when the run broke (event budget, internal error): the expectations are then not evaluated.
    public var failure: RunFailure?
    /// The trace records, when the run kept them.
    public var trace: [TraceRecord]
    /// The faults `faults.generate` drew for this seed (swarm mode), in the order they were scheduled.
    public var drawnFaults: [FaultSpec] = []

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
    public var replayCommand: String {
        "\(Self.replayProgram) run \(ShellQuoting.quote(file ?? "<scenario>")) --seed \(seed)"
    }

    /// The command line that replay commands name: `simulate`, or the name of a command line built
    /// with `SimulateMain.run(extraPlugins:)` (it sets this once, at start, before any run).
    nonisolated(unsafe) public static var replayProgram = "simulate"
}

public enum ShellQuoting {
    public static func quote(_ text: String) -> String {
        let safe = text.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || "/._-+=:,@".utf8.contains(byte)
        }
        if safe && !text.isEmpty { return text }
        return "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
