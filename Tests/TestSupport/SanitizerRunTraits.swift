import Foundation
import Testing

/// The sanitizer `scripts/test --sanitize address|thread` runs the tests under (`SIMULATE_SANITIZER`), if any.
private let sanitizer = ProcessInfo.processInfo.environment["SIMULATE_SANITIZER"]

extension Trait where Self == ConditionTrait {
    /// Skips a test under either sanitizer when the sanitized sweep that follows the sanitized tests in
    /// `scripts/test` does the same work and more: every bundled scenario with seeds 0..7, each run twice
    /// on different threads (`--check-determinism`). The plain run still runs it.
    public static var doneByTheSanitizedSweep: Self {
        .disabled(
            if: sanitizer != nil,
            "the sanitized sweep runs every bundled scenario with --check-determinism on more seeds")
    }

    /// Skips a test under the thread sanitizer when what it checks is a subprocess's handling of files
    /// (reports written, read back and merged) on one thread, and the sweeps it starts to make those files
    /// are the sanitized sweep's work. The plain and the address-sanitized runs still run it.
    public static var filesOnOneThreadSoNotUnderTheThreadSanitizer: Self {
        .disabled(
            if: sanitizer == "thread",
            "one thread handles the files; the thread-sanitized sweep runs the sweeps that make them")
    }
}
