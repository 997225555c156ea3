import Foundation
import SimulateJSON

/// Reduces a failing scenario to a smaller one that fails the same way (``FailureSignature``): delta
/// debugging over its devices, faults and steps, then shorter repeats and faults, earlier times and
/// a shorter duration, first with the failing seed and then with nearby seeds. It edits the
/// scenario's JSON, so the result is a scenario file a person could have written, and every
/// candidate is loaded and validated like a file before it runs.
public final class ScenarioShrinker {
    public let registry: PluginRegistry
    public let options: ShrinkOptions
    /// Called after every candidate run (at most ten times a second is up to the caller).
    public var progress: ((ShrinkProgress) -> Void)?

    var current: ScenarioDocument
    var seed: UInt64
    var signature: FailureSignature
    var phase = "start"
    private(set) var runs = 0
    private(set) var exhausted = false
    private var currentEvents = 0
    private(set) var currentResult: RunResult?
    /// Each candidate run so far, by seed and text: its run when it failed the same way, nil when it did not.
    private var verdicts: [String: RunResult?] = [:]
    /// Deviations of the recorded schedule, when the failure's schedule is shrunk too.
    var scheduleBefore: Int?
    private let startSeconds = ProcessInfo.processInfo.systemUptime

    private init(registry: PluginRegistry, options: ShrinkOptions, root: JSONObject, seed: UInt64) {
        self.registry = registry
        self.options = options
        current = ScenarioDocument(root: root)
        self.seed = seed
        signature = FailureSignature(expectation: "", kind: "", violationKind: "")
    }

    /// Shrinks the scenario in `text` (the contents of `file`) failing with `seed` (default: its own).
    /// `target` picks which failure to keep when the run fails in several ways (default: the first).
    /// `strategy` overrides the scenario's `"strategy"`; under any strategy but `random` the schedule is
    /// shrunk too (``ShrinkResult/schedule``). `overrides` changes the loaded scenario's fault points and
    /// limits as a command line's options do; the minimal scenario states them, so it replays without them.
    public static func shrink(
        text: String, file: String? = nil, seed: UInt64? = nil, target: FailureSignature? = nil,
        strategy: ScheduleStrategy? = nil, overrides: ((inout Scenario) -> Void)? = nil, registry: PluginRegistry,
        options: ShrinkOptions = ShrinkOptions(), progress: ((ShrinkProgress) -> Void)? = nil
    ) throws(ShrinkError) -> ShrinkResult {
        let loader = ScenarioLoader(registry: registry)
        var scenario: Scenario
        do {
            scenario = try loader.load(text: text, file: file)
        } catch {
            throw .invalid(error)
        }
        guard case .object(var root)? = scenario.document?.root else {
            throw .invalid(ScenarioError(file: file, diagnostics: []))
        }
        if let strategy {
            scenario.strategy = strategy
            root["strategy"] = .string(strategy.description)
        }
        if let overrides {
            overrides(&scenario)
            scenario.replayArguments = []
            root["faultPoints"] = scenario.faultPoints == FaultPointSettings() ? nil : scenario.faultPoints.json
            root["limits"] = scenario.limits == RunLimits() ? nil : ["events": JSON(scenario.limits.eventBudget)]
        }
        let runSeed = seed ?? scenario.seed
        let result = SimulationRunner(registry: registry).run(scenario, seed: runSeed, keepsTrace: false)
        let signatures = FailureSignature.all(of: result, devices: scenario.devices.map(\.id))
        guard let first = signatures.first else { throw .passes(result) }
        if let target, !signatures.contains(target) { throw .otherFailure(result, signatures) }
        let shrinker = ScenarioShrinker(registry: registry, options: options, root: root, seed: runSeed)
        shrinker.progress = progress
        shrinker.signature = target ?? first
        shrinker.currentEvents = result.events
        shrinker.currentResult = result
        let drawn = scenario.faultGenerator.map { FaultGenerator.draw($0, scenario: scenario, seed: runSeed) } ?? []
        let before = shrinker.current.size(events: result.events)
        let original = shrinker.current
        if shrinksSchedule(scenario.strategy) { _ = shrinker.recordSchedule(scenario) }
        shrinker.reduce(drawnFaults: drawn, failing: result)
        let minimal = shrinker.finish(file: file, originalSeed: runSeed, original: original)
        let schedule = shrinker.scheduleDeviations.flatMap { after in
            shrinker.scheduleBefore.map { ScheduleShrink(before: $0, after: after) }
        }
        return ShrinkResult(
            file: file, originalSeed: runSeed, seed: shrinker.seed, signature: shrinker.signature, before: before,
            after: shrinker.current.size(events: shrinker.currentEvents), minimal: .object(minimal),
            runs: shrinker.runs, seconds: shrinker.elapsed, budgetExhausted: shrinker.exhausted,
            removed: ShrinkSummary.removed(
                from: original, to: shrinker.current, originalSeed: runSeed, seed: shrinker.seed),
            drawnFaults: drawn.map(\.json), schedule: schedule)
    }

    var elapsed: Double { ProcessInfo.processInfo.systemUptime - startSeconds }

    /// Whether `candidate` fails the same way with the current seed. Each distinct candidate runs once.
    func fails(_ candidate: ScenarioDocument, evenIfCurrent: Bool = false) -> Bool {
        if candidate == current && !evenIfCurrent { return true }
        let text = candidate.text
        let key = String(seed) + "|" + text
        if let verdict = verdicts[key] { return verdict != nil }
        guard runs < options.maxRuns, elapsed < options.maxSeconds else {
            exhausted = true
            return false
        }
        runs += 1
        var failing: RunResult?
        if let scenario = try? ScenarioLoader(registry: registry).load(text: text) {
            let result = SimulationRunner(registry: registry).run(scenario, seed: seed, keepsTrace: false)
            if signature.matches(result, devices: scenario.devices.map(\.id)) { failing = result }
        }
        verdicts[key] = .some(failing)
        progress?(
            ShrinkProgress(
                runs: runs, maxRuns: options.maxRuns, elapsedSeconds: elapsed, phase: phase,
                size: current.size(events: currentEvents)))
        return failing != nil
    }

    /// The run of `candidate` when it failed the same way (nil when it did not, or was never run).
    func failingResult(of candidate: ScenarioDocument) -> RunResult? {
        verdicts[String(seed) + "|" + candidate.text] ?? nil
    }

    /// Adopts `candidate` when it still fails, with its own run (a verdict found in the cache included).
    @discardableResult
    func attempt(_ candidate: ScenarioDocument) -> Bool {
        guard candidate != current, fails(candidate), let result = failingResult(of: candidate) else { return false }
        current = candidate
        currentEvents = result.events
        currentResult = result
        return true
    }

    var outOfBudget: Bool { exhausted || runs >= options.maxRuns || elapsed >= options.maxSeconds }

    private func reduce(drawnFaults: [FaultSpec], failing result: RunResult) {
        phase = "expectations"
        keepOnlyTarget(result)
        phase = "generated faults"
        writeOutGeneratedFaults(drawnFaults)
        phase = "liveness phase"
        dropLivenessPhase()
        reduceSchedule()
        rounds()
        phase = "repeats"
        if expandRepeats() { rounds() }
        reduceSchedule()
        tryNearbySeeds()
    }

    /// Reduction passes until one makes no progress (or the budget ends).
    func rounds() {
        for _ in 0..<8 where !outOfBudget {
            let before = current
            phase = "devices"
            reduceDevices()
            phase = "faults"
            current.faults = minimize(current.faults) {
                var copy = self.current; copy.faults = $0; return copy
            }
            phase = "steps"
            current.steps = minimize(current.steps) {
                var copy = self.current; copy.steps = $0; return copy
            }
            phase = "simplify"
            simplifyItems()
            phase = "times"
            simplifyTimes()
            if current == before { break }
        }
    }

    private func tryNearbySeeds() {
        guard options.nearbySeeds > 0 else { return }
        let original = seed
        var offsets: [Int64] = []
        for distance in 1...Int64(options.nearbySeeds) { offsets += [distance, -distance] }
        for offset in offsets.prefix(options.nearbySeeds) where !outOfBudget {
            let (candidateSeed, overflow) = Int64(bitPattern: original).addingReportingOverflow(offset)
            guard !overflow, candidateSeed >= 0 || original > UInt64(Int64.max) else { continue }
            let saved = (current, currentEvents, currentResult)
            seed = UInt64(bitPattern: candidateSeed)
            phase = "seed \(seed)"
            verdicts.removeAll(keepingCapacity: true)
            guard fails(current, evenIfCurrent: true) else {
                seed = original
                continue
            }
            rounds()
            if current.size(events: 0).weight.lexicographicallyPrecedes(saved.0.size(events: 0).weight) {
                return
            }
            (current, currentEvents, currentResult) = saved
            seed = original
        }
    }

    /// The minimal scenario as it is written: its own seed, a description saying where it came from.
    private func finish(file: String?, originalSeed: UInt64, original: ScenarioDocument) -> JSONObject {
        var document = current
        let example = currentResult?.expectations.first { $0.name == signature.expectation && !$0.passed }
            .flatMap { $0.violations.first.map { "\($0.device.map { $0 + ": " } ?? "")\($0.message)" } }
        document.root["seed"] = JSON(seed)
        document.root["description"] = .string(
            ShrinkSummary.description(
                file: file, name: original.root["name"]?.stringValue ?? "", originalSeed: originalSeed,
                original: original.size(events: 0), signature: signature, example: example))
        if let name = original.root["name"]?.stringValue { document.root["name"] = .string(name + " (shrunk)") }
        return document.ordered()
    }
}
