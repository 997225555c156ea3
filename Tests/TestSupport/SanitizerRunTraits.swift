import Foundation
import Testing

/// The sanitizer `scripts/test --sanitize address|thread` runs the tests under (`SIMULATE_SANITIZER`), if any.
private let sanitizer = ProcessInfo.processInfo.environment["SIMULATE_SANITIZER"]

extension Trait where Self == ConditionTrait {
    /// Skips a test under either sanitizer when the sanitized sweep that follows the sanitized tests in
    /// `scripts/test` runs the same scenarios on more seeds and on 4 worker threads (seeds 0..99). The plain
    /// run still runs it, and checks that runs are deterministic.
    public static var doneByTheSanitizedSweep: Self {
        .disabled(
            if: sanitizer != nil,
            "the sanitized sweep runs every bundled scenario on more seeds; the plain run checks determinism")
    }

    /// Skips a test under the thread sanitizer when the code it runs works on the calling thread alone, so
    /// the thread sanitizer has no race to find in it (the JSON module's tests ran 4 to 5 times slower
    /// under it: the surrogate pairs took 233 s of CPU against 55 s in the plain debug build). The plain
    /// and the address-sanitized runs still run it.
    public static var oneThreadSoNotUnderTheThreadSanitizer: Self {
        .disabled(
            if: sanitizer == "thread",
            "one thread: nothing for the thread sanitizer to find; the plain and address-sanitized runs run it")
    }

    /// Skips a test under the thread sanitizer when it sends a subprocess a crash signal from outside: the
    /// sanitizer's runtime takes the signal and runs the handler at a point of its own, so what is checked
    /// (the note written, the process ended by the signal) is the plain and address-sanitized runs' to see.
    public static var crashSignalsSoNotUnderTheThreadSanitizer: Self {
        .disabled(
            if: sanitizer == "thread",
            "the thread sanitizer's runtime delivers signals itself; the plain and address-sanitized runs run it")
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

/// How tests run under `scripts/test --sanitize address|thread`.
public enum SanitizerRuns {
    /// `values` in the plain run; under a sanitizer their first and last only. For arguments that give
    /// documents of one size and shape with other code points: the parser reads and writes the same
    /// memory for each, so the sanitizer has nothing more to find in the middle ones, which the plain run
    /// checks (the JSON module's tests under ASan: 186 s of CPU with the 16 blocks of surrogate pairs, 73 s
    /// with two).
    public static func ends<Value>(of values: [Value]) -> [Value] {
        guard sanitizer != nil, let first = values.first, let last = values.last, values.count > 2 else {
            return values
        }
        return [first, last]
    }
}
