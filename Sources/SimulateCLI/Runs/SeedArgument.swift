import ArgumentParser

/// `--seed N`: a whole number from 0 to 2^64 − 1. Read unconditionally (`--seed -3` is judged as a value, not
/// taken for an option) and refused with the form expected, as `--seeds` is.
enum SeedArgument {
    static func parse(_ text: String) throws -> UInt64 {
        guard let seed = UInt64(text) else {
            throw ValidationError("expected a whole number from 0 to \(UInt64.max)")
        }
        return seed
    }
}
