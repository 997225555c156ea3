import Foundation
import Testing

extension Trait where Self == ConditionTrait {
    /// Skips a test under `scripts/test --sanitize thread`, which sets `SIMULATE_SANITIZER=thread`: the JSON
    /// module runs on the calling thread alone, so the thread sanitizer has no race to find in it, and these
    /// tests ran 4 to 5 times slower under it (the surrogate pairs: 233 s of CPU against 55 s in the plain
    /// debug build). The plain and the address-sanitized runs still run them.
    static var oneThreadSoNotUnderTheThreadSanitizer: Self {
        .disabled(
            if: ProcessInfo.processInfo.environment["SIMULATE_SANITIZER"] == "thread",
            "one thread: nothing for the thread sanitizer to find; the plain and address-sanitized runs run it")
    }
}

/// How the tests of this module run under `scripts/test --sanitize address|thread` (`SIMULATE_SANITIZER`).
enum SanitizerRuns {
    static let active = ProcessInfo.processInfo.environment["SIMULATE_SANITIZER"] != nil

    /// `values` in the plain run; under a sanitizer their first and last only. For arguments that give
    /// documents of one size and shape with other code points: the parser reads and writes the same
    /// memory for each, so the sanitizer has nothing more to find in the middle ones, which the plain run
    /// checks (this module's tests under ASan: 186 s of CPU with the 16 blocks of surrogate pairs, 73 s with
    /// two).
    static func ends<Value>(of values: [Value]) -> [Value] {
        guard active, let first = values.first, let last = values.last, values.count > 2 else { return values }
        return [first, last]
    }
}
