import SimulateCore

/// `--shard auto`: which slice this job runs, read from the variables the CI sets for parallel jobs.
///
/// Reading the environment is outside every simulation (it only picks which runs this process does), so
/// it does not touch determinism. What each variable means, and where that is documented: docs/ci.md.
enum CIShard {
    /// One CI's answer, with the variables it came from.
    struct Found: Equatable {
        var index: Int
        var count: Int
        /// `CI_NODE_INDEX=3 CI_NODE_TOTAL=8`.
        var source: String
    }

    /// The environment variable that gives the total for a Kubernetes Indexed Job when `--shard auto` has no `/N`.
    static let countVariable = "SIMULATE_SHARD_COUNT"

    /// What `--shard auto` looks for, for the error saying none was found.
    static let lookedFor =
        "CI_NODE_INDEX and CI_NODE_TOTAL (GitLab parallel:), BUILDKITE_PARALLEL_JOB and "
        + "BUILDKITE_PARALLEL_JOB_COUNT (Buildkite parallelism), JOB_COMPLETION_INDEX (Kubernetes Indexed Job, "
        + "with the total as --shard auto/N or \(countVariable))"

    /// The shard (`index` from 1) given by `environment`; `total` is the N of `--shard auto/N`.
    /// Throws the message to print when no CI variable is set or the values disagree.
    static func resolve(environment: [String: String], total: Int?) throws(ShardProblem) -> Found {
        let found = try candidates(environment, total: total)
        guard let first = found.first else {
            throw ShardProblem(
                "--shard \(spelling(total)): no CI shard variables are set; looked for \(lookedFor). "
                    + "On GitHub Actions give the matrix's values: --shard ${{ matrix.shard }}/N")
        }
        for other in found.dropFirst() where other.index != first.index || other.count != first.count {
            throw ShardProblem(
                "--shard \(spelling(total)): the CI variables disagree: \(first.source) is shard "
                    + "\(first.index)/\(first.count), \(other.source) is shard \(other.index)/\(other.count)")
        }
        if let total, total != first.count {
            throw ShardProblem(
                "--shard auto/\(total): \(first.source) says \(first.count) shard(s), not \(total)")
        }
        return first
    }

    private static func spelling(_ total: Int?) -> String { total.map { "auto/\($0)" } ?? "auto" }

    private static func candidates(_ environment: [String: String], total: Int?) throws(ShardProblem) -> [Found] {
        var found: [Found] = []
        // GitLab: CI_NODE_INDEX from 1, set only in jobs made by `parallel:`; CI_NODE_TOTAL is 1 in other jobs.
        let gitLabIndex = try number("CI_NODE_INDEX", environment)
        let gitLabTotal = try number("CI_NODE_TOTAL", environment)
        if let gitLabIndex {
            guard let gitLabTotal else {
                throw ShardProblem("--shard auto: CI_NODE_INDEX=\(gitLabIndex) is set but CI_NODE_TOTAL is not")
            }
            found.append(
                try checked(
                    index: gitLabIndex, count: gitLabTotal,
                    source: "CI_NODE_INDEX=\(gitLabIndex) CI_NODE_TOTAL=\(gitLabTotal)",
                    firstIndex: 1))
        } else if let gitLabTotal {
            guard gitLabTotal == 1 else {
                throw ShardProblem(
                    "--shard auto: CI_NODE_TOTAL=\(gitLabTotal) is set but CI_NODE_INDEX is not "
                        + "(GitLab sets both in a job with parallel:)")
            }
            found.append(Found(index: 1, count: 1, source: "CI_NODE_TOTAL=1 (a GitLab job without parallel:)"))
        }
        // Buildkite: BUILDKITE_PARALLEL_JOB from 0, with BUILDKITE_PARALLEL_JOB_COUNT.
        let buildkiteIndex = try number("BUILDKITE_PARALLEL_JOB", environment)
        let buildkiteCount = try number("BUILDKITE_PARALLEL_JOB_COUNT", environment)
        switch (buildkiteIndex, buildkiteCount) {
        case (let index?, let count?):
            found.append(
                try checked(
                    index: index + 1, count: count,
                    source: "BUILDKITE_PARALLEL_JOB=\(index) BUILDKITE_PARALLEL_JOB_COUNT=\(count)", firstIndex: 0))
        case (let index?, nil):
            throw ShardProblem(
                "--shard auto: BUILDKITE_PARALLEL_JOB=\(index) is set but BUILDKITE_PARALLEL_JOB_COUNT is not")
        case (nil, let count?):
            throw ShardProblem(
                "--shard auto: BUILDKITE_PARALLEL_JOB_COUNT=\(count) is set but BUILDKITE_PARALLEL_JOB is not")
        case (nil, nil): break
        }
        // Kubernetes Indexed Job: JOB_COMPLETION_INDEX from 0 to spec.completions - 1; the total is not in the pod.
        if let index = try number("JOB_COMPLETION_INDEX", environment) {
            let given = try number(countVariable, environment)
            if let total, let given, total != given {
                throw ShardProblem("--shard auto/\(total): \(countVariable)=\(given) says otherwise")
            }
            guard let count = total ?? given else {
                throw ShardProblem(
                    "--shard auto: JOB_COMPLETION_INDEX=\(index) is set but not the number of shards: "
                        + "give the Job's spec.completions as --shard auto/N or \(countVariable)=N")
            }
            let source = "JOB_COMPLETION_INDEX=\(index)" + (total == nil ? " \(countVariable)=\(count)" : "")
            found.append(try checked(index: index + 1, count: count, source: source, firstIndex: 0))
        }
        return found
    }

    /// A variable's whole number; nil when it is unset or empty.
    private static func number(_ name: String, _ environment: [String: String]) throws(ShardProblem) -> Int? {
        guard let text = environment[name], !text.isEmpty else { return nil }
        guard let value = Int(text), value >= 0 else {
            throw ShardProblem(
                "--shard auto: \(name)=\"\(BoundedQuote.bounded(text))\" is not a whole number")
        }
        return value
    }

    /// `index` counted from 1; `firstIndex` is where the variable itself counts from, for the message.
    private static func checked(index: Int, count: Int, source: String, firstIndex: Int) throws(ShardProblem) -> Found {
        guard count >= 1 else { throw ShardProblem("--shard auto: \(source): the number of shards must be at least 1") }
        guard (1...count).contains(index) else {
            throw ShardProblem(
                "--shard auto: \(source): the index counts from \(firstIndex), so with \(count) shard(s) it runs "
                    + "from \(firstIndex) to \(count - 1 + firstIndex)")
        }
        return Found(index: index, count: count, source: source)
    }
}

/// Why `--shard auto` found no shard: the message says what was looked for or which values disagree.
struct ShardProblem: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
