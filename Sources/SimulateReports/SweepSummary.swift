import SimulateCore

/// The end of a human report for many runs: which seeds failed in which file, and how to replay each.
package struct SweepSummary {
    package init() {}

    private var failing: [(file: String, seed: UInt64, replay: String)] = []
    /// Replay commands listed at most; every failing seed is still listed.
    package var replayLimit = 50

    package mutating func add(_ result: RunResult) {
        guard !result.passed else { return }
        failing.append((result.file ?? result.scenario, result.seed, result.replayCommand))
    }

    package var isEmpty: Bool { failing.isEmpty }

    package func lines(totalRuns: Int, terminal: Terminal) -> [String] {
        guard !failing.isEmpty else { return [] }
        var lines = ["", terminal.bold("Failing seeds (\(failing.count) of \(totalRuns) runs):")]
        var files: [String] = []
        for entry in failing where !files.contains(entry.file) { files.append(entry.file) }
        for file in files {
            let seeds = failing.filter { $0.file == file }.map(\.seed)
            lines.append("  \(file): " + Self.ranges(seeds))
        }
        lines.append(terminal.bold("Replay:"))
        for entry in failing.prefix(replayLimit) { lines.append("  " + entry.replay) }
        if failing.count > replayLimit {
            lines.append("  … and \(failing.count - replayLimit) more: the same command with each seed listed above")
        }
        return lines
    }

    /// `[1, 2, 3, 7, 9, 10]` → `1-3, 7, 9-10`.
    package static func ranges(_ seeds: [UInt64]) -> String {
        var parts: [String] = []
        var index = 0
        while index < seeds.count {
            var end = index
            while end + 1 < seeds.count, seeds[end + 1] == seeds[end] + 1 { end += 1 }
            parts.append(end == index ? "\(seeds[index])" : "\(seeds[index])-\(seeds[end])")
            index = end + 1
        }
        return parts.joined(separator: ", ")
    }
}
