import ArgumentParser
import Foundation

/// `--seeds A..B`: every seed from A to B inclusive.
struct SeedRange: ExpressibleByArgument, Sendable {
    var lower: UInt64
    var upper: UInt64

    init?(argument: String) {
        let parts = argument.components(separatedBy: "..")
        guard parts.count == 2, let lower = UInt64(parts[0]), let upper = UInt64(parts[1]), lower <= upper else {
            return nil
        }
        self.lower = lower
        self.upper = upper
    }

    static var defaultValueDescription: String { "A..B" }

    var count: UInt64 { upper - lower + 1 }
}

/// `--shard K/N`: the K-th of N deterministic slices of the files × seeds, K from 1.
struct Shard: ExpressibleByArgument, Sendable {
    var index: Int
    var count: Int

    init?(argument: String) {
        let parts = argument.split(separator: "/")
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
            (1...count).contains(index)
        else { return nil }
        self.index = index
        self.count = count
    }

    /// Item `position` of the full ordered list belongs to shard `position % count + 1`.
    func contains(_ position: Int) -> Bool {
        position % count == index - 1
    }
}
