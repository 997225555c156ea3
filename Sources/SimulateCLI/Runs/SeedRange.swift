import ArgumentParser
import Foundation

/// `--seeds A..B`: every seed from A to B inclusive.
struct SeedRange: ExpressibleByArgument, Sendable {
    var lower: UInt64
    var upper: UInt64

    init?(argument: String) {
        let parts = argument.components(separatedBy: "..")
        guard parts.count == 2, let lower = UInt64(parts[0]), let upper = UInt64(parts[1]) else { return nil }
        self.lower = lower
        self.upper = upper
    }

    static var defaultValueDescription: String { "A..B" }

    /// Seeds a single run command may sweep; larger sweeps are split with `--shard` or into several ranges.
    static let maximumCount: UInt64 = 1_000_000_000

    /// Why the range cannot be swept, or nil.
    var problem: String? {
        if lower > upper { return "--seeds \(lower)..\(upper): the first seed is greater than the last" }
        if upper - lower >= Self.maximumCount {
            return "--seeds \(lower)..\(upper) covers more than \(Self.maximumCount) seeds: sweep it in several ranges"
        }
        return nil
    }

    /// Seeds in the range; only meaningful when `problem` is nil.
    var count: Int { Int(upper - lower) + 1 }
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

    /// The offsets among `itemCount` items starting at position `base` of the full ordered list that
    /// belong to this shard: item `position` belongs to shard `position % count + 1`.
    func offsets(base: Int, count itemCount: Int) -> StrideTo<Int> {
        let first = ((index - 1 - base) % count + count) % count
        return stride(from: first, to: itemCount, by: count)
    }
}
