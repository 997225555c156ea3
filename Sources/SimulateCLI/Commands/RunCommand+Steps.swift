import ArgumentParser
import Foundation
import SimulateCore
import SimulateJSON
import SimulateReports

/// `run`'s three steps.
extension RunCommand {
    /// Checks the report paths before anything runs, loads every file (an invalid one is reported and
    /// counted) and lists its runs: each seed of the sweep, or of this shard of it.
    func makePlan() throws -> RunPlan {
        let reports = ReportFiles(junit: junit, trace: trace, html: html)
        var pathProblems = reports.pathProblems()
        if let json {
            for (option, other) in [("--junit", junit), ("--trace", trace), ("--html", html)] {
                if let other, OutputFile(json).isSameFile(as: OutputFile(other)) {
                    pathProblems.append(
                        "error: \(option) and --json name the same file \(json): give each report its own path")
                }
            }
        }
        guard pathProblems.isEmpty else {
            pathProblems.forEach(Output.error)
            throw ExitCode(ExitStatus.invalid)
        }
        // From here on, output that cannot be written leaves runs unreported: the run could not finish.
        StandardStream.failureStatus = ExitStatus.broken
        let (files, missing) = ScenarioFiles.expandReporting(paths)
        var plan = RunPlan(
            reports: reports, tally: RunTally(invalid: missing.count),
            human: HumanReport(terminal: Terminal.forStandardOutput()))
        var position = 0
        let shard = try resolvedShard()
        var invalid: [(file: String, errors: [String])] = []
        let loader = ScenarioLoader(registry: CommandEnvironment.registry)
        for (group, file) in files.enumerated() {
            plan.reports.announce(file: file)
            guard var scenario = load(file, with: loader, into: &plan, invalid: &invalid) else { continue }
            overrides.apply(to: &scenario)
            if let strategy { scenario.strategy = strategy.strategy }
            // A pinned scenario is about its own seed: a sweep runs it once, with that seed.
            let pinned = seeds != nil && scenario.pinsSeed
            let firstSeed = pinned ? scenario.seed : seeds?.lower ?? seed ?? scenario.seed
            let seedCount = pinned ? 1 : seeds?.count ?? 1
            let offsets = shard?.offsets(base: position, count: seedCount) ?? stride(from: 0, to: seedCount, by: 1)
            position += seedCount
            guard plan.items.count + offsets.underestimatedCount <= Self.maximumRuns else {
                Output.error(
                    "error: more than \(Self.maximumRuns) runs (files × seeds): split the sweep with --shard K/N "
                        + "or smaller --seeds ranges")
                throw ExitCode(ExitStatus.invalid)
            }
            let before = plan.items.count
            for offset in offsets {
                if json != nil { plan.positions.append(position - seedCount + offset) }
                plan.items.append(
                    RunItem(
                        scenario: scenario, seed: firstSeed + UInt64(offset),
                        sweepGroup: seeds != nil && !pinned ? group : nil))
            }
            plan.verdicts.expect(group: group, runs: plan.items.count - before)
        }
        if let json {
            var header = RunReportHeader(
                fingerprint: RunReportHeader.fingerprint(files: files, missing: missing), files: files)
            header.missing = missing
            header.invalid = invalid
            header.seeds = seeds.map { $0.lower...$0.upper }
            header.seed = seed
            header.eventBudget = overrides.eventBudget
            header.shardIndex = shard?.index ?? 1
            header.shardCount = shard?.count ?? 1
            header.shardSource = shard?.source
            do {
                plan.runReport = try RunReportWriter(path: json, header: header)
            } catch {
                Output.error("\(error)")
                throw ExitCode(ExitStatus.invalid)
            }
        }
        plan.human.showsStatistics = statistics || plan.items.count == 1
        // --statistics asks for every run's statistics, so it lists every run.
        plan.quiet =
            format == .human && (quiet ?? (seeds != nil && !statistics && !Terminal.isTerminal(STDOUT_FILENO)))
        return plan
    }

    /// `--shard`, with `auto` read from the CI's variables (said on standard error, where it came from).
    private func resolvedShard() throws -> Shard? {
        guard let shard else { return nil }
        do {
            let resolved = try shard.resolved(environment: CommandEnvironment.variables)
            if let source = resolved.source {
                Output.error("shard \(resolved.index)/\(resolved.count) (--shard auto: \(source))")
            }
            return resolved
        } catch {
            Output.error("error: \(error)")
            throw ExitCode(ExitStatus.invalid)
        }
    }

    /// The scenario in `file`, or nil when it is invalid (reported on standard error and in the reports).
    private func load(
        _ file: String, with loader: ScenarioLoader, into plan: inout RunPlan,
        invalid: inout [(file: String, errors: [String])]
    ) -> Scenario? {
        do {
            let scenario = try loader.load(file: file)
            if format == .human { plan.human.warningLines(scenario.warnings).forEach(Output.error) }
            return scenario
        } catch {
            for line in plan.human.lines(error) { Output.error(line) }
            plan.reports.addInvalid(file: file, error: error)
            invalid.append((file, error.diagnostics.map(\.description)))
            plan.tally.invalid += 1
            return nil
        }
    }

    /// Runs every item on the worker threads; prints each result in item order as it comes and adds it to the
    /// reports, the summary and the tally.
    func execute(_ plan: inout RunPlan) {
        let progress = ProgressBar.make(total: plan.items.count)
        var runs = ParallelRuns(
            runner: SimulationRunner(registry: CommandEnvironment.registry),
            jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount, keepsTrace: plan.reports.needsTrace)
        runs.progress = progress
        runs.checksDeterminism = checkDeterminism
        // A quiet sweep shows no passing run's trace hash: those runs skip it (failures run again with it).
        runs.hashesTrace = !plan.quiet || plan.runReport != nil || plan.reports.needsTraceHash || checkDeterminism
        let items = plan.items
        runs.run(items) { index, result in
            var result = result
            var closing: [SweepVerdict] = []
            if let group = items[index].sweepGroup {
                result.passed = result.passedAsPartOfSweep
                closing = plan.verdicts.add(result, group: group)
            }
            let lines = self.lines(
                for: result, item: items[index], closing: closing, human: plan.human, quiet: plan.quiet)
            if let progress {
                progress.printing { lines.forEach(Output.line) }
            } else {
                lines.forEach(Output.line)
            }
            if !result.passed { progress?.recordFailure() }
            plan.runReport?.add(result, position: plan.positions[index], group: items[index].sweepGroup)
            plan.reports.add(result, devices: items[index].scenario.devices.map(\.id))
            plan.reports.add(closing)
            plan.summary.add(result)
            plan.tally.add(result)
        }
        progress?.finish()
    }

    /// What standard output shows of one run: its JSON line, or its human lines (none for a pass when quiet),
    /// with the sweep verdicts it closed.
    private func lines(
        for result: RunResult, item: RunItem, closing: [SweepVerdict], human: HumanReport, quiet: Bool
    ) -> [String] {
        switch format {
        case .json:
            var object = JSONReport.json(result).objectValue ?? JSONObject()
            let warnings = item.scenario.warnings
            if !warnings.isEmpty { object["warnings"] = .array(warnings.map(JSONReport.json)) }
            if !closing.isEmpty { object["sweep"] = SweepVerdicts.json(closing) }
            return [JSONWriter.string(.object(object))]
        case .human:
            let lines = quiet && result.passed ? [] : human.lines(result, inSweep: item.sweepGroup != nil)
            return lines + SweepVerdicts.humanLines(closing, terminal: human.terminal)
        }
    }

    /// Writes the report files, prints the summary and closing lines, and exits with the worst status.
    func finish(_ plan: RunPlan) throws {
        var tally = plan.tally
        tally.sweepFailures = plan.verdicts.failedCount
        var status = tally.status
        for message in plan.reports.write() + [plan.runReport?.finish()].compactMap({ $0 }) {
            Output.error(message)
            status = max(status, ExitStatus.invalid)
        }
        if format == .human {
            if plan.items.count > 1 {
                plan.summary.lines(totalRuns: plan.items.count, terminal: plan.terminal).forEach(Output.line)
            }
            tally.closingLines(verdicts: plan.verdicts.closed, terminal: plan.terminal).forEach(Output.line)
        }
        if status != ExitStatus.passed { throw ExitCode(status) }
    }
}
