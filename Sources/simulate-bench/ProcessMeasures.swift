import Foundation

/// What a benchmark reads about its own process, the same way on Linux and macOS.
enum ProcessMeasures {
    /// This executable, to run again as a child: `/proc/self/exe` exists only on Linux, and
    /// `CommandLine.arguments[0]` may be a bare name found through `PATH`.
    static var executable: URL {
        Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    }

    /// The process's peak resident set so far, in bytes. `getrusage`'s `ru_maxrss` counts kilobytes on Linux
    /// (getrusage(2)) and bytes on macOS (getrusage(2) of Darwin).
    static func peakResidentBytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF_VALUE, &usage)
        #if canImport(Darwin)
            return Int(usage.ru_maxrss)
        #else
            return Int(usage.ru_maxrss) * 1024
        #endif
    }

    /// Runs this executable again with `variable` set to `value`, and reads the three numbers the child
    /// prints on one line, or what it printed when it failed or printed something else.
    static func childFigures(_ variable: String, _ value: String) throws -> Result<[Double], ChildFailure> {
        let process = Process()
        process.executableURL = executable
        process.environment = ProcessInfo.processInfo.environment.merging([variable: value]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let fields = text.split(separator: " ").compactMap {
            Double($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        guard process.terminationStatus == 0, fields.count == 3 else { return .failure(ChildFailure(output: text)) }
        return .success(fields)
    }

    /// What a child that failed printed.
    struct ChildFailure: Error {
        let output: String
    }
}
