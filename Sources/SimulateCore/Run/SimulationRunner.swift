import SimulateJSON

/// Runs scenarios: builds the world, schedules faults and steps, reads point checks at their
/// times, and evaluates invariants at the end.
public struct SimulationRunner: Sendable {
    /// The plugins scenarios may enable.
    public let registry: PluginRegistry

    /// A runner over the plugins of `registry`.
    public init(registry: PluginRegistry) {
        self.registry = registry
    }

    /// Checks a scenario built in code the way the loader checks a file.
    public func validate(_ scenario: Scenario) throws(ScenarioError) {
        _ = try prepare(scenario)
    }

    /// The scenario with its plugin values decoded (the loader's, when the scenario has not changed
    /// since), or every problem with them.
    public func prepare(_ scenario: Scenario) throws(ScenarioError) -> Scenario {
        if let prepared = scenario.prepared, prepared.matches(scenario) { return scenario }
        let diagnostics = Diagnostics()
        guard let prepared = ScenarioValidator(registry: registry).prepare(scenario, into: diagnostics) else {
            throw ScenarioError(file: scenario.file, diagnostics: ScenarioLoader.locate(diagnostics, in: scenario))
        }
        var scenario = scenario
        scenario.prepared = prepared
        return scenario
    }

    /// Runs a valid scenario once. `seed` overrides the scenario's own. A scenario that is not valid
    /// is not run: the result is a failure that lists its problems. `recordsSchedule`: the result keeps
    /// what the async runtime chose (``RunResult/schedule``). `hashesTrace` false: the trace records are
    /// not folded into a hash and ``RunResult/traceHash`` is empty — for sweeps that report only whether
    /// runs passed; the run is otherwise the same, and running it again with the hash gives the hash it had.
    public func run(
        _ original: Scenario, seed: UInt64? = nil, keepsTrace: Bool = true, recordsSchedule: Bool = false,
        hashesTrace: Bool = true
    ) -> RunResult {
        var (result, spentBudgetUntraced) = runOnce(
            original, seed: seed, keepsTrace: keepsTrace, recordsSchedule: recordsSchedule, hashesTrace: hashesTrace)
        if spentBudgetUntraced {
            // The same run again, keeping its latest records only, to say what repeated.
            let traced = runOnce(
                original, seed: seed, keepsTrace: true, recordsSchedule: false, hashesTrace: false, latestOnly: true)
            if let message = traced.result.failure?.message { result.failure?.message = message }
        }
        result.strategy = original.strategy
        result.replayArguments = original.replayArguments
        return result
    }

    /// `latestOnly`: the trace keeps only its latest records (``Trace/latestRecords``).
    private func runOnce(
        _ original: Scenario, seed: UInt64?, keepsTrace: Bool, recordsSchedule: Bool, hashesTrace: Bool,
        latestOnly: Bool = false
    ) -> (result: RunResult, spentBudgetUntraced: Bool) {
        let seed = seed ?? original.seed
        let scenario: Scenario
        do {
            scenario = try prepare(original)
        } catch {
            let invalid = RunResult(
                file: original.file, scenario: original.name, seed: seed, passed: false, traceHash: "", events: 0,
                simulated: .zero, expectations: [], statistics: JSONObject(),
                failure: RunFailure(message: "invalid scenario: \(error.description)", at: .start), trace: [])
            return (invalid, false)
        }
        guard let prepared = scenario.prepared else { preconditionFailure("prepare(_:) sets prepared") }
        if let reason = scenario.skipReason(registry: registry) {
            var skipped = RunResult(
                file: scenario.file, scenario: scenario.name, seed: seed, passed: true, traceHash: "", events: 0,
                simulated: .zero, expectations: [], statistics: JSONObject(), failure: nil, trace: [])
            skipped.skipped = reason
            return (skipped, false)
        }
        let context = SimulationContext(
            scenario: scenario, seed: seed, keepsTrace: keepsTrace, recordsSchedule: recordsSchedule,
            hashesTrace: hashesTrace, traceRecordLimit: latestOnly ? 0 : 2_000_000)
        defer { context.close() }
        for spec in orderedPlugins(scenario) {
            guard let plugin = prepared.plugins[spec.name] else { continue }
            // Configurations shape what events mean (a merge policy, a save policy): the hash covers them.
            let hashed = plugin.hashedConfiguration(written: spec.configuration)
            context.scheduler.combineIntoHash(spec.name + JSONWriter.string(hashed))
            context.runs.append((spec.name, plugin.makeRun(context: context)))
        }
        for (expectation, value) in zip(prepared.expectations, prepared.values) {
            guard case .invariant = expectation.kind, let value else { continue }
            context.erasedRun(named: expectation.plugin)?.watch(value)
        }
        let drawn = scenario.faultGenerator.map { FaultGenerator.draw($0, scenario: scenario, seed: seed) } ?? []
        scheduleFaults(scenario.faults + drawn, scenario, context)
        context.scheduler.schedule(at: .start) {
            for (_, run) in context.runs { run.start() }
        }
        scheduleSteps(scenario, prepared, context)

        let expectations = prepared.expectations
        var results: [ExpectationResult?] = Array(repeating: nil, count: expectations.count)
        var failure: RunFailure?
        var spentBudgetUntraced = false
        var liveness: [ExpectationResult] = []
        do {
            try runChecks(expectations, prepared, scenario, context, into: &results, liveness: &liveness)
            try context.scheduler.run(through: scenario.end)
            try readChecks(expectations, prepared, at: .end, scenario, context, into: &results)
            for (_, run) in context.runs { run.finish() }
            for (index, expectation) in expectations.enumerated() {
                guard case .invariant(let violated) = expectation.kind else { continue }
                results[index] = evaluate(
                    expectation, prepared.values[index], expectedViolated: violated, context)
            }
        } catch {
            var message = error.description
            if case .eventBudgetExceeded(_, let time) = error {
                if context.trace.keepsRecords {
                    message += EventBudgetDiagnosis.words(context.trace, stoppedAt: time)
                } else {
                    spentBudgetUntraced = true
                }
            }
            failure = RunFailure(message: message, at: context.scheduler.now)
        }
        // End checks may wind down app tasks: the hash is the run's up to here.
        let traceHash = hashesTrace ? context.scheduler.hash.hex : ""
        if failure == nil {
            let messages = context.runEndChecks()
            if !messages.isEmpty {
                failure = RunFailure(message: messages.joined(separator: "\n"), at: context.scheduler.now)
            }
        }
        let finished = results.compactMap { $0 } + liveness
        var statistics = JSONObject()
        for (name, run) in context.runs {
            if let value = run.statistics() { statistics[name] = value }
        }
        var result = RunResult(
            file: scenario.file, scenario: scenario.name, seed: seed,
            passed: failure == nil && finished.count >= expectations.count && finished.allSatisfy(\.passed),
            traceHash: traceHash, events: context.scheduler.executedEvents,
            simulated: context.scheduler.now.sinceStart, expectations: finished, statistics: statistics,
            failure: failure, trace: context.trace.records, drawnFaults: drawn)
        result.firedFaultPoints = context.firedFaultPoints
        result.schedule = context.scheduleRecording?.schedule
        return (result, spentBudgetUntraced)
    }

    /// Every invariant of every enabled plugin, expected to hold.
    public func defaultExpectations(_ scenario: Scenario) -> [ExpectationSpec] {
        ScenarioValidator(registry: registry).defaultExpectations(scenario)
    }

    /// Plugins a scenario enables, each after the plugins it depends on.
    private func orderedPlugins(_ scenario: Scenario) -> [PluginSpec] {
        var ordered: [PluginSpec] = []
        func visit(_ spec: PluginSpec, depth: Int) {
            guard depth < 64, !ordered.contains(where: { $0.name == spec.name }) else { return }
            for dependency in scenario.prepared?.plugins[spec.name]?.plugin.dependencyNames ?? [] {
                if let other = scenario.plugin(named: dependency) { visit(other, depth: depth + 1) }
            }
            if !ordered.contains(where: { $0.name == spec.name }) { ordered.append(spec) }
        }
        for spec in scenario.plugins { visit(spec, depth: 0) }
        return ordered
    }

    private func scheduleFaults(_ faults: [FaultSpec], _ scenario: Scenario, _ context: SimulationContext) {
        let allDevices = scenario.devices.map(\.id)
        var ordinal = 0
        for fault in faults {
            let times = Self.occurrences(of: fault.at, repeating: fault.repeat, runEnd: scenario.end)
            guard !times.isEmpty else { continue }
            let series = FaultSeries(
                fault, times: times, deviceIDs: fault.devices ?? allDevices, firstOrdinal: ordinal + 1,
                scheduler: context.scheduler, network: context.network)
            ordinal += times.count
            series.start()
        }
    }

    private func scheduleSteps(_ scenario: Scenario, _ prepared: PreparedValues, _ context: SimulationContext) {
        for (step, action) in zip(scenario.steps, prepared.actions) {
            guard let run = context.erasedRun(named: step.plugin), let action else { continue }
            let times = Self.occurrences(of: step.at, repeating: step.repeat, runEnd: scenario.end)
            guard !times.isEmpty else { continue }
            let occurrences = StepOccurrences(
                run: run, action: action,
                device: step.device.flatMap { context.device(named: $0) }, times: times,
                firstOrder: context.scheduler.reserveOrder(count: times.count), scheduler: context.scheduler)
            occurrences.scheduleNext()
        }
    }

    /// Start times of something that happens at `at` and optionally repeats, within the run.
    static func occurrences(of at: TimePoint, repeating: Repeat?, runEnd: VirtualInstant) -> Occurrences {
        Occurrences(first: at.instant(runEnd: runEnd), repeating: repeating, runEnd: runEnd)
    }

    private func runChecks(
        _ expectations: [ExpectationSpec], _ prepared: PreparedValues, _ scenario: Scenario,
        _ context: SimulationContext, into results: inout [ExpectationResult?], liveness: inout [ExpectationResult]
    ) throws(SimulationError) {
        var times: [VirtualInstant] = []
        for index in expectations.indices {
            if case .check(.at(let time), _, _) = expectations[index].kind, !times.contains(time) { times.append(time) }
        }
        let deadline = scenario.liveness?.deadline
        if let deadline, !times.contains(deadline) { times.append(deadline) }
        for time in times.sorted() where time <= scenario.end {
            try context.scheduler.run(through: time)
            try readChecks(expectations, prepared, at: .at(time), scenario, context, into: &results)
            if time == deadline, let phase = scenario.liveness { liveness = Self.checkLiveness(phase, context) }
        }
    }

    private func readChecks(
        _ expectations: [ExpectationSpec], _ prepared: PreparedValues, at point: TimePoint, _ scenario: Scenario,
        _ context: SimulationContext,
        into results: inout [ExpectationResult?]
    ) throws(SimulationError) {
        // By index: an expectation copied whole costs more than reading the few checks due now.
        for index in expectations.indices {
            guard case .check(let at, let deviceID, let expected) = expectations[index].kind else { continue }
            let matches =
                at == point
                || (point == .end
                    && at.instant(runEnd: scenario.end) == scenario.end
                    && results[index] == nil)
            guard matches, results[index] == nil else { continue }
            let expectation = expectations[index]
            let device = deviceID.flatMap { context.device(named: $0) }
            let observed =
                prepared.values[index].flatMap {
                    context.erasedRun(named: expectation.plugin)?.observe($0, device: device)
                } ?? .null
            let passed = observed == expected
            var violations: [Violation] = []
            if !passed {
                violations.append(
                    Violation(
                        at: context.now, device: deviceID,
                        message: "expected \(JSONWriter.string(expected)), observed \(JSONWriter.string(observed))"))
            }
            results[index] = ExpectationResult(
                name: expectation.qualifiedName, kind: .check, expectedViolated: false, passed: passed,
                violations: violations, sweep: expectation.sweep, path: expectation.path, at: at, device: deviceID,
                expected: expected, observed: observed)
        }
    }

    private func evaluate(
        _ expectation: ExpectationSpec, _ invariant: (any Sendable)?, expectedViolated: Bool,
        _ context: SimulationContext
    ) -> ExpectationResult {
        let violations =
            invariant.flatMap { context.erasedRun(named: expectation.plugin)?.evaluate($0) } ?? []
        return ExpectationResult(
            name: expectation.qualifiedName, kind: .invariant, expectedViolated: expectedViolated,
            passed: expectedViolated ? !violations.isEmpty : violations.isEmpty, violations: violations,
            sweep: expectation.sweep, path: expectation.path)
    }
}

/// The occurrences of one step, in the queue one at a time: each schedules the next at the place in the
/// run order it would have had if every occurrence had been scheduled at the start.
private final class StepOccurrences: ScheduledTarget {
    private unowned let scheduler: Scheduler
    private let perform: () -> Void
    private let times: Occurrences
    private let firstOrder: UInt64
    private var next = 0

    init(
        run: any ErasedPluginRun, action: any Sendable, device: Device?, times: Occurrences, firstOrder: UInt64,
        scheduler: Scheduler
    ) {
        perform = run.performer(of: action, device: device)
        self.times = times
        self.firstOrder = firstOrder
        self.scheduler = scheduler
    }

    func scheduleNext() {
        guard next < times.count else { return }
        scheduler.schedule(at: times[next], order: firstOrder + UInt64(next), self)
        next += 1
    }

    func fire(_ tag: Int) {
        scheduleNext()
        perform()
    }
}

/// The start times of a repeated step or fault that fall within the run, computed rather than stored:
/// a repeat may count ten million.
struct Occurrences: RandomAccessCollection {
    let first: VirtualInstant
    let every: VirtualDuration
    let count: Int

    init(first: VirtualInstant, repeating: Repeat?, runEnd: VirtualInstant) {
        self.first = first
        guard let repeating, repeating.count > 1 else {
            (every, count) = (.zero, 1)
            return
        }
        every = repeating.every
        if first > runEnd {
            count = 0
        } else if every <= .zero {
            count = repeating.count
        } else {
            count = Int(Swift.min(Int64(repeating.count), (runEnd - first) / every + 1))
        }
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(index: Int) -> VirtualInstant { first + every * index }
}
