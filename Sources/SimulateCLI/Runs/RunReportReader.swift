import Foundation
import SimulateCore
import SimulateJSON

/// Reads one run report line by line, so that merging a million runs holds a line per shard, not the files.
final class RunReportReader {
    let path: String
    let header: RunReportHeader
    /// The end line's counts: runs written, and runs of each sweep group.
    let runs: Int
    let groups: [Int: Int]
    private var lines: LineReader
    private(set) var lineNumber = 0

    init(path: String) throws(RunReportProblem) {
        self.path = path
        if let problem = FileCheck.problemReadingRegularFile(path) { throw RunReportProblem("\(path): \(problem)") }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw RunReportProblem("\(path): cannot be read")
        }
        var reader = LineReader(handle)
        do {
            (header, runs, groups) = try Self.scan(&reader, path: path)
            try reader.rewind()
            _ = try reader.next()
        } catch let problem as RunReportProblem {
            throw problem
        } catch {
            throw RunReportProblem("\(path): \(error.localizedDescription)")
        }
        lines = reader
        lineNumber = 1
    }

    /// The header and the end line's counts of the report `lines` reads, read to its end.
    private static func scan(_ lines: inout LineReader, path: String) throws -> (
        RunReportHeader, Int, [Int: Int]
    ) {
        let header: RunReportHeader
        var headerLine: String?
        var lastLine: String?
        var number = 0
        while let line = try lines.next() {
            number += 1
            if number == 1 { headerLine = line }
            lastLine = line
        }
        guard let headerLine else { throw RunReportProblem("\(path): the file is empty (expected a run report)") }
        do {
            header = try RunReportHeader(try JSONParser.parse(headerLine).root)
        } catch let problem as RunReportProblem {
            throw RunReportProblem("\(path) \(problem.description)")
        } catch {
            throw RunReportProblem("\(path) line 1: \(error) (expected a run report from simulate run --json)")
        }
        guard number > 1, let lastLine, let end = (try? JSONParser.parse(lastLine).root)?["end"],
            let runs = end["runs"]?.intValue, let counts = end["groups"]?.objectValue
        else {
            throw RunReportProblem(
                "\(path): the report has no end line: its run did not finish, or the file was cut short")
        }
        var groups: [Int: Int] = [:]
        for (key, value) in counts.members {
            guard let group = Int(key), let count = value.intValue else {
                throw RunReportProblem("\(path) line \(number), $.end.groups.\(key): expected a count of runs")
            }
            groups[group] = count
        }
        return (header, runs, groups)
    }

    /// The next run; throws when the line is not one (the end line included: the caller knows how many to read).
    func next() throws(RunReportProblem) -> RunReportLine.Decoded {
        let read: String?
        do {
            read = try lines.next()
        } catch {
            throw RunReportProblem("\(path): \(error.localizedDescription)")
        }
        guard let line = read else {
            throw RunReportProblem("\(path): the report ends after line \(lineNumber), before its \(runs) runs")
        }
        lineNumber += 1
        let value: JSON
        do {
            value = try JSONParser.parse(line).root
        } catch {
            throw RunReportProblem("\(path) line \(lineNumber): \(error)")
        }
        do {
            return try RunReportLine.decode(value)
        } catch {
            throw RunReportProblem("\(path) line \(lineNumber), \(error)")
        }
    }
}
