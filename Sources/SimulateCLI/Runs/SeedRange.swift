import ArgumentParser
import Foundation
import SimulateCore
import SimulateReports

/// `--seeds A..B`: every seed from A to B inclusive.
struct SeedRange: ExpressibleByArgument, Sendable {
    var lower: UInt64 = 0
    var upper: UInt64 = 0
    /// Why the text is not a range, said in `problem` (so the message can say what is wrong).
    private var syntaxProblem: String?

    init?(argument: String) {
        let parts = argument.components(separatedBy: "..")
        guard parts.count == 2, let lower = UInt64(parts[0]), let upper = UInt64(parts[1]) else {
            syntaxProblem = Self.explain(BoundedQuote.bounded(argument))
            return
        }
        self.lower = lower
        self.upper = upper
    }

    private static func explain(_ text: String) -> String {
        let example = "e.g. --seeds 0..99"
        for separator in ["-", "...", ":", ",", "…"] {
            let parts = text.components(separatedBy: separator)
            if parts.count == 2, let lower = UInt64(parts[0]), let upper = UInt64(parts[1]) {
                return "--seeds \(text): write the range with two dots: --seeds \(lower)..\(upper)"
            }
        }
        if UInt64(text) != nil { return "--seeds \(text): a range A..B is expected; for one seed use --seed \(text)" }
        return
            "--seeds \(text): expected A..B, two whole numbers from 0 to \(UInt64.max) joined by two dots (\(example))"
    }

    static var defaultValueDescription: String { "A..B" }

    /// Seeds a single run command may sweep; larger sweeps are split with `--shard` or into several ranges.
    static let maximumCount: UInt64 = 1_000_000_000

    /// Why the range cannot be swept, or nil.
    var problem: String? {
        if let syntaxProblem { return syntaxProblem }
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
    var index = 1
    var count = 1
    /// Why the text is not a shard, or nil.
    private(set) var problem: String?

    init?(argument: String) {
        let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            problem =
                "--shard \(BoundedQuote.bounded(argument)): expected K/N, two whole numbers, "
                + "e.g. --shard 1/4 for the first of 4 shards"
            return
        }
        if count < 1 {
            problem = "--shard \(argument): the number of shards N must be at least 1"
        } else if !(1...count).contains(index) {
            problem =
                "--shard \(argument): shard \(index) does not exist: with \(count) shard(s), K runs from 1 to \(count)"
        }
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
