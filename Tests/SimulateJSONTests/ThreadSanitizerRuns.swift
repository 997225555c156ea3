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
