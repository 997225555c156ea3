import Foundation
import SimulateCore
import SimulateJSON

/// Writes a run report (`run --json`, `merge --json`) line by line as runs finish, into a temporary file beside
/// the path that replaces it only when the report is complete: a killed shard leaves no report that looks whole.
final class RunReportWriter {
    let path: String
    private let temporary: String
    private var handle: FileHandle?
    /// The temporary file's slot in ``InterruptCleanup``: an interrupted command removes it.
    private var cleanupSlot: Int?
    private var pending: [UInt8] = []
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
        guard FileManager.default.createFile(atPath: temporary, contents: nil),
            let handle = FileHandle(forWritingAtPath: temporary)
        else {
            throw RunReportProblem("error: --json: cannot write \(temporary)")
        }
        self.handle = handle
        cleanupSlot = InterruptCleanup.remember(temporary)
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
        pending += Array((JSONWriter.string(value) + "\n").utf8)
        if pending.count >= 1 << 20 { flush() }
    }

    private func flush() {
        guard let handle, failure == nil, !pending.isEmpty else { return }
        do {
            try handle.write(contentsOf: pending)
        } catch {
            failure = error.localizedDescription
        }
        pending.removeAll(keepingCapacity: true)
    }

    /// Writes the end line and puts the report in place; returns the error message when it could not.
    func finish() -> String? {
        write(RunReportLine.end(runs: runs, groups: groups))
        flush()
        if let handle {
            do {
                try handle.close()
            } catch {
                if failure == nil { failure = error.localizedDescription }
            }
        }
        handle = nil
        if failure == nil, rename(temporary, path) != 0 { failure = FileCheck.reason(errno) }
        InterruptCleanup.forget(cleanupSlot)
        cleanupSlot = nil
        guard let failure else { return nil }
        try? FileManager.default.removeItem(atPath: temporary)
        return "error: --json: cannot write \(path): \(failure)"
    }

    deinit {
        if handle != nil { try? FileManager.default.removeItem(atPath: temporary) }
        InterruptCleanup.forget(cleanupSlot)
    }
}
