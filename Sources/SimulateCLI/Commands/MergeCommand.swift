import ArgumentParser
import Foundation
import SimulateCore
import SimulateJSON
import SimulateReports

/// `simulate merge`: the run reports of every shard of one sweep, combined into what one unsharded run reports.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Combine the run reports (simulate run --json) of every shard of one sweep into one summary.",
        discussion: """
            Prints what one unsharded `simulate run --quiet` of the sweep prints (failures, sweep verdicts, the \
            summary) and exits with its status. Refuses, with exit status 2, reports of different scenario \
            sets, seeds or options, and overlapping or missing shards.
            """)

    @Argument(help: "The shards' run reports, in any order.")
    var reports: [String]

    @Option(help: ArgumentHelp("Write one JUnit XML report for the whole sweep.", valueName: "path"))
    var junit: String?

    @Option(help: ArgumentHelp("Write one HTML page for the whole sweep (without timelines).", valueName: "path"))
    var html: String?

    @Option(help: ArgumentHelp("Write the merged run report (one shard of one).", valueName: "path"))
    var json: String?

    func run() throws {
        let shards: [RunReportReader]
        do {
            shards = try ShardReports.open(reports)
        } catch {
            Output.error("error: \(error)")
            throw ExitCode(ExitStatus.invalid)
        }
        var files = ReportFiles(junit: junit, trace: nil, html: html)
        var problems = files.pathProblems()
        if let json {
            for (option, other) in [("--junit", junit), ("--html", html)] {
                if let other, OutputFile(json).isSameFile(as: OutputFile(other)) {
                    problems.append(
                        "error: \(option) and --json name the same file \(json): give each report its own path")
                }
            }
            if let input = reports.first(where: { OutputFile(json).isSameFile(as: OutputFile($0)) }) {
                problems.append(
                    "error: --json names \(input), one of the reports merged: give the merged report its own path")
            }
        }
        guard problems.isEmpty else {
            problems.forEach(Output.error)
            throw ExitCode(ExitStatus.invalid)
        }
        StandardStream.failureStatus = ExitStatus.broken
        let header = shards[0].header
        Output.error("merging \(shards.count) shard(s) of \(header.sweepDescription)")
        var merged = header
        merged.shardIndex = 1
        merged.shardCount = 1
        merged.shardSource = nil
        var writer: RunReportWriter?
        if let json {
            do {
                writer = try RunReportWriter(path: json, header: merged)
            } catch {
                Output.error("\(error)")
                throw ExitCode(ExitStatus.invalid)
            }
        }
        let human = HumanReport(terminal: Terminal.forStandardOutput())
        var tally = RunTally(invalid: header.missing.count + header.invalid.count)
        var summary = SweepSummary()
        var verdicts = SweepVerdicts()
        for file in header.files {
            files.announce(file: file)
            if let entry = header.invalid.first(where: { $0.file == file }) {
                files.addInvalid(file: file, errors: entry.errors)
                entry.errors.forEach { Output.error(human.terminal.red("error: ") + $0) }
            }
        }
        var groups: [Int: Int] = [:]
        for shard in shards { groups.merge(shard.groups, uniquingKeysWith: +) }
        for (group, runs) in groups.sorted(by: { $0.key < $1.key }) { verdicts.expect(group: group, runs: runs) }
        let total = shards.reduce(0) { $0 + $1.runs }
        for position in 0..<total {
            let shard = shards[position % shards.count]
            let run: RunReportLine.Decoded
            do {
                run = try shard.next()
                guard run.position == position else {
                    throw RunReportProblem(
                        "\(shard.path) line \(shard.lineNumber): the run at position \(run.position) comes where "
                            + "position \(position) belongs: the report is not one of this sweep's shards")
                }
            } catch {
                Output.error("error: \(error)")
                throw ExitCode(ExitStatus.invalid)
            }
            let result = run.result
            var closing: [SweepVerdict] = []
            if let group = run.group { closing = verdicts.add(result, group: group) }
            if !result.passed {
                var lines = human
                lines.showsStatistics = total == 1
                lines.lines(result, faultSchedule: run.faultSchedule, inSweep: run.group != nil).forEach(Output.line)
            }
            SweepVerdicts.humanLines(closing, terminal: human.terminal).forEach(Output.line)
            writer?.add(result, position: position, group: run.group, faultSchedule: run.faultSchedule)
            files.add(result, devices: [])
            files.add(closing)
            summary.add(result)
            tally.add(result)
        }
        for shard in shards where shard.lineNumber != shard.runs + 1 {
            Output.error("error: \(shard.path): \(shard.runs) runs, but only \(shard.lineNumber - 1) were read")
            throw ExitCode(ExitStatus.invalid)
        }
        tally.sweepFailures = verdicts.failedCount
        var status = tally.status
        for message in files.write() + [writer?.finish()].compactMap({ $0 }) {
            Output.error(message)
            status = max(status, ExitStatus.invalid)
        }
        if total > 1 { summary.lines(totalRuns: total, terminal: human.terminal).forEach(Output.line) }
        tally.closingLines(verdicts: verdicts.closed, terminal: human.terminal).forEach(Output.line)
        if status != ExitStatus.passed { throw ExitCode(status) }
    }
}

/// Opens the reports of one sweep's shards and checks that they are exactly its shards 1…N.
enum ShardReports {
    /// The readers in shard order; throws what is wrong with the set.
    static func open(_ paths: [String]) throws(RunReportProblem) -> [RunReportReader] {
        var readers: [RunReportReader] = []
        for path in paths { readers.append(try RunReportReader(path: path)) }
        guard let first = readers.first else { throw RunReportProblem("give the shards' run reports") }
        for other in readers.dropFirst() {
            if let difference = difference(first, other) {
                throw RunReportProblem(
                    "\(first.path) and \(other.path) are not shards of one sweep: \(difference)")
            }
        }
        let count = first.header.shardCount
        var byIndex: [Int: RunReportReader] = [:]
        for reader in readers {
            if let earlier = byIndex[reader.header.shardIndex] {
                throw RunReportProblem(
                    "\(earlier.path) and \(reader.path) are both shard \(reader.header.shardIndex)/\(count): "
                        + "shards overlap (each shard's report is given once)")
            }
            byIndex[reader.header.shardIndex] = reader
        }
        let missing = (1...count).filter { byIndex[$0] == nil }
        guard missing.isEmpty else {
            throw RunReportProblem(
                "shard(s) \(missing.map(String.init).joined(separator: ", ")) of \(count) missing: "
                    + "the sweep's runs are complete only with every shard's report")
        }
        return (1...count).map { byIndex[$0]! }
    }

    /// How two headers differ beyond their shard, in words; nil when they are shards of one sweep.
    private static func difference(_ left: RunReportReader, _ right: RunReportReader) -> String? {
        let a = left.header
        let b = right.header
        if a.fingerprint != b.fingerprint || a.files != b.files {
            return "different scenario sets (fingerprint \(a.fingerprint), \(a.files.count) file(s) vs "
                + "\(b.fingerprint), \(b.files.count) file(s)): run every shard on the same files, given the same way"
        }
        if a.seeds != b.seeds || a.seed != b.seed {
            func seeds(_ header: RunReportHeader) -> String {
                if let range = header.seeds { return "--seeds \(range.lowerBound)..\(range.upperBound)" }
                if let seed = header.seed { return "--seed \(seed)" }
                return "each scenario's own seed"
            }
            return "different seed ranges (\(seeds(a)) vs \(seeds(b)))"
        }
        if a.shardCount != b.shardCount {
            return "different numbers of shards (\(a.shardIndex)/\(a.shardCount) vs \(b.shardIndex)/\(b.shardCount))"
        }
        if a.eventBudget != b.eventBudget {
            return "different --event-budget (\(a.eventBudget.map(String.init) ?? "none") vs "
                + "\(b.eventBudget.map(String.init) ?? "none"))"
        }
        if a.simulateVersion != b.simulateVersion {
            return "written by different simulate versions (\(a.simulateVersion) vs \(b.simulateVersion))"
        }
        if a.missing != b.missing || a.invalid.map(\.file) != b.invalid.map(\.file) {
            return "different unreadable or invalid files"
        }
        return nil
    }
}
