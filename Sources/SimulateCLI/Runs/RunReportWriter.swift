import Foundation
import SimulateCore
import SimulateJSON

/// Writes a run report (`run --json`, `merge --json`) line by line as runs finish, into a temporary file beside
/// the path that replaces it only when the report is complete: a killed shard leaves no report that looks whole.
final class RunReportWriter {
    let path: String
    private let temporary: String
    private var file: UnsafeMutablePointer<FILE>?
    private var failure: String?
    private var runs = 0
    private var groups: [Int: Int] = [:]

    /// Opens the temporary file and writes the header; throws the message to print when it cannot.
    init(path: String, header: RunReportHeader) throws(RunReportProblem) {
        self.path = path
        if let problem = OutputFile(path).problem() { throw RunReportProblem("error: --json: \(problem)") }
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        temporary = (folder.isEmpty ? "" : folder + "/") + "." + (path as NSString).lastPathComponent + ".partial"
        guard let opened = fopen(temporary, "w") else {
            throw RunReportProblem("error: --json: cannot write \(temporary): \(FileCheck.reason(errno))")
        }
        file = opened
        write(header.json)
    }

    /// `faultSchedule`: a rebuilt result's drawn faults as they were written (a merge keeps them).
    func add(_ result: RunResult, position: Int, group: Int?, faultSchedule: [JSON] = []) {
        runs += 1
        if let group { groups[group, default: 0] += 1 }
        var line = RunReportLine.json(result, position: position, group: group)
        if !faultSchedule.isEmpty, !result.passed, var object = line.objectValue {
            object["faultSchedule"] = .array(faultSchedule)
            line = .object(object)
        }
        write(line)
    }

    private func write(_ value: JSON) {
        guard let file, failure == nil else { return }
        let line = JSONWriter.string(value) + "\n"
        if fputs(line, file) < 0 { failure = FileCheck.reason(errno) }
    }

    /// Writes the end line and puts the report in place; returns the error message when it could not.
    func finish() -> String? {
        write(RunReportLine.end(runs: runs, groups: groups))
        guard let file else { return failure.map { "error: --json: cannot write \(path): \($0)" } }
        self.file = nil
        if fclose(file) != 0, failure == nil { failure = FileCheck.reason(errno) }
        if failure == nil, rename(temporary, path) != 0 { failure = FileCheck.reason(errno) }
        guard let failure else { return nil }
        unlink(temporary)
        return "error: --json: cannot write \(path): \(failure)"
    }

    deinit {
        if let file {
            fclose(file)
            unlink(temporary)
        }
    }
}
