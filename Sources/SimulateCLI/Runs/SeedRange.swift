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

/// `--shard K/N`: the K-th of N deterministic slices of the files × seeds, K from 1. `--shard auto` (or
/// `auto/N`) takes K and N from the CI's own variables when the command runs (``CIShard``).
struct Shard: ExpressibleByArgument, Sendable {
    var index = 1
    var count = 1
    /// Why the text is not a shard, or nil.
    private(set) var problem: String?
    /// `auto`: K and N come from the environment; `auto/N` gives N as `autoTotal`.
    private(set) var isAuto = false
    private(set) var autoTotal: Int?
    /// Which CI variables an automatic shard came from, once resolved.
    private(set) var source: String?

    init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    init?(argument: String) {
        if argument == "auto" || argument.hasPrefix("auto/") {
            isAuto = true
            let total = argument.dropFirst(4)
            guard !total.isEmpty else { return }
            guard let count = Int(total.dropFirst()), count >= 1 else {
                problem =
                    "--shard \(BoundedQuote.bounded(argument)): expected auto or auto/N with N a whole number "
                    + "from 1, e.g. --shard auto/50 for a Kubernetes Indexed Job of 50 completions"
                return
            }
            autoTotal = count
            return
        }
        let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            problem =
                "--shard \(BoundedQuote.bounded(argument)): expected K/N, two whole numbers, "
                + "e.g. --shard 1/4 for the first of 4 shards, or auto to read them from the CI's variables"
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

    /// This shard with K and N read from `environment` when it is `auto`; itself otherwise.
    func resolved(environment: [String: String]) throws(ShardProblem) -> Shard {
        guard isAuto else { return self }
        let found = try CIShard.resolve(environment: environment, total: autoTotal)
        var shard = Shard(index: found.index, count: found.count)
        shard.source = found.source
        return shard
    }

    /// The offsets among `itemCount` items starting at position `base` of the full ordered list that
    /// belong to this shard: item `position` belongs to shard `position % count + 1`.
    func offsets(base: Int, count itemCount: Int) -> StrideTo<Int> {
        let first = ((index - 1 - base) % count + count) % count
        return stride(from: first, to: itemCount, by: count)
    }
}
