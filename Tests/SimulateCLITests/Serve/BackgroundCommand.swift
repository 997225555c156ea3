import Foundation

/// A command running in the background for a real-endpoint test: its first line of output is read as
/// soon as it appears, and it is killed if it outlives its time limit, so a test never hangs.
final class BackgroundCommand: @unchecked Sendable {
    let process = Process()
    private let output = Pipe()
    private let error = Pipe()
    private var collected = Data()
    private let lock = NSLock()

    init(_ executable: URL, _ arguments: [String], timeLimitSeconds: Double) throws {
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let process = self.process
        DispatchQueue.global().asyncAfter(deadline: .now() + timeLimitSeconds) {
            if process.isRunning { process.terminate() }
        }
    }

    convenience init(simulate arguments: [String], timeLimitSeconds: Double) throws {
        try self.init(
            CommandRunner.productsDirectory.appendingPathComponent("simulate"), arguments,
            timeLimitSeconds: timeLimitSeconds)
    }

    /// The first line on standard output (`listening on http://127.0.0.1:PORT` for `serve`).
    func firstLine() -> String {
        while true {
            if let newline = collected.firstIndex(of: UInt8(ascii: "\n")) {
                return String(decoding: collected[..<newline], as: UTF8.self)
            }
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { return String(decoding: collected, as: UTF8.self) }
            collected += data
        }
    }

    /// The URL `serve` announced.
    func servedURL() -> String {
        let line = firstLine()
        return line.hasPrefix("listening on ") ? String(line.dropFirst("listening on ".count)) : ""
    }

    /// Waits for the command to end: its status and everything it printed.
    func finish() -> CommandRunner.Output {
        let rest = output.fileHandleForReading.readDataToEndOfFile()
        let errors = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandRunner.Output(
            status: process.terminationStatus, standardOutput: String(decoding: collected + rest, as: UTF8.self),
            standardError: String(decoding: errors, as: UTF8.self))
    }
}

/// Runs a shell command (curl, chromium) to its end, killed after its time limit.
enum Shell {
    static func run(_ script: String, timeLimitSeconds: Double) throws -> CommandRunner.Output {
        let command = try BackgroundCommand(
            URL(fileURLWithPath: "/bin/bash"), ["-c", script], timeLimitSeconds: timeLimitSeconds)
        return command.finish()
    }

    static func has(_ tool: String) -> Bool {
        (try? run("command -v \(tool)", timeLimitSeconds: 5).status) == 0
    }
}

/// A scenario file in a fresh temporary folder.
func temporaryScenario(_ text: String, name: String = "scenario.json") throws -> String {
    let folder = TemporaryFolders.path("simulate-serve-")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/" + name
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
}
