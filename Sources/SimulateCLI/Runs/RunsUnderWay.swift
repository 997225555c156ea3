import Foundation
import SimulateCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The runs under way on the worker threads, so that a process killed by a trap in app code (a
/// continuation resumed twice, a forced unwrap of nil) says which runs to replay before it dies: the
/// whole sweep shares the process, and without this a crash names no scenario and no seed.
///
/// Each run writes its replay command into a slot of fixed C buffers before it starts; the signal
/// handler only reads them and writes them to standard error (`write(2)`, async-signal-safe), calls the
/// handler that was there before (Swift's backtracer, a sanitizer's) and ends the process by the signal.
enum RunsUnderWay {
    private static let slotCount = 64
    private static let slotSize = 1024
    nonisolated(unsafe) private static let buffer: UnsafeMutablePointer<CChar> = {
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: slotCount * slotSize)
        buffer.initialize(repeating: 0, count: slotCount * slotSize)
        return buffer
    }()
    /// Two spaces and a newline, made before any signal.
    nonisolated(unsafe) private static let separators: UnsafeMutablePointer<CChar> = {
        let separators = UnsafeMutablePointer<CChar>.allocate(capacity: 3)
        separators.initialize(from: [32, 32, 10], count: 3)
        return separators
    }()
    nonisolated(unsafe) private static let lengths: UnsafeMutablePointer<Int> = {
        let lengths = UnsafeMutablePointer<Int>.allocate(capacity: slotCount)
        lengths.initialize(repeating: 0, count: slotCount)
        return lengths
    }()
    private static let freeLock = NSLock()
    nonisolated(unsafe) private static var free = Array((0..<64).reversed())

    /// Installs the handler for the signals a trap or a bad access raises. Called once, before any run.
    static func install() {
        _ = buffer
        _ = lengths
        _ = heading
        _ = betweenRuns
        _ = separators
        SignalChain.install(handle, for: [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE])
    }

    /// Runs `body` with `item`'s replay command noted in a free slot (none left: not noted).
    static func noting<T>(_ item: RunItem, _ body: () -> T) -> T {
        guard let slot = freeLock.withLock({ free.popLast() }) else { return body() }
        let command = Array(replayCommand(item).utf8.prefix(slotSize - 1))
        let start = buffer + slot * slotSize
        command.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { start.update(from: $0.baseAddress!, count: $0.count) }
        }
        lengths[slot] = command.count
        defer {
            lengths[slot] = 0
            freeLock.withLock { free.append(slot) }
        }
        return body()
    }

    private static func replayCommand(_ item: RunItem) -> String {
        "\(RunResult.replayProgram) run \(ShellQuoting.quote(item.scenario.file ?? "<scenario>")) --seed \(item.seed)"
            + (item.scenario.strategy.map { " --strategy " + ShellQuoting.quote($0.description) } ?? "")
            + item.scenario.replayArguments.map { " " + ShellQuoting.quote($0) }.joined()
    }

    private static let handle:
        @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void =
            { signal, info, context in
                RunsUnderWay.writeNote()
                SignalChain.passOnAndEnd(signal, info, context)
            }

    private static let heading: [CChar] = Array(
        "\nsimulate: killed by a signal (a trap in the code under test?) during these runs; replay each alone:\n"
            .utf8CString.dropLast())

    private static let betweenRuns: [CChar] = Array(
        "\nsimulate: killed by a signal between runs (no run was under way)\n".utf8CString.dropLast())

    private static func writeNote() {
        // Nothing here allocates: the signal may have come while this thread held the allocator's lock.
        var underWay = false
        for slot in 0..<slotCount where lengths[slot] > 0 { underWay = true }
        guard underWay else {
            betweenRuns.withUnsafeBufferPointer { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
            return
        }
        heading.withUnsafeBufferPointer { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
        for slot in 0..<slotCount where lengths[slot] > 0 {
            _ = write(STDERR_FILENO, separators, 2)
            _ = write(STDERR_FILENO, buffer + slot * slotSize, lengths[slot])
            _ = write(STDERR_FILENO, separators + 2, 1)
        }
    }
}
