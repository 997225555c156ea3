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
}
