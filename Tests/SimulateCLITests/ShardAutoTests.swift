import Foundation
import Testing

@testable import SimulateCLI

/// `--shard auto`: the shard read from GitLab's, Buildkite's or a Kubernetes Indexed Job's variables.
@Suite struct ShardAutoTests {
    @Test(
        arguments: [
            (["CI_NODE_INDEX": "3", "CI_NODE_TOTAL": "8"], nil, 3, 8),
            (["CI_NODE_TOTAL": "1"], nil, 1, 1),
            (["BUILDKITE_PARALLEL_JOB": "0", "BUILDKITE_PARALLEL_JOB_COUNT": "4"], nil, 1, 4),
            (["BUILDKITE_PARALLEL_JOB": "3", "BUILDKITE_PARALLEL_JOB_COUNT": "4"], nil, 4, 4),
            (["JOB_COMPLETION_INDEX": "0"], 50, 1, 50),
            (["JOB_COMPLETION_INDEX": "49"], 50, 50, 50),
            (["JOB_COMPLETION_INDEX": "7", "SIMULATE_SHARD_COUNT": "10"], nil, 8, 10),
            (
                [
                    "CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "4", "BUILDKITE_PARALLEL_JOB": "1",
                    "BUILDKITE_PARALLEL_JOB_COUNT": "4",
                ], 4, 2, 4
            ),
        ] as [([String: String], Int?, Int, Int)])
    func readsTheCIsIndexAndTotal(environment: [String: String], total: Int?, index: Int, count: Int) throws {
        let found = try CIShard.resolve(environment: environment, total: total)
        #expect(found.index == index)
        #expect(found.count == count)
    }

    @Test(
        arguments: [
            ([:], nil, "no CI shard variables are set; looked for CI_NODE_INDEX and CI_NODE_TOTAL"),
            (["JOB_COMPLETION_INDEX": "3"], nil, "JOB_COMPLETION_INDEX=3 is set but not the number of shards"),
            (["JOB_COMPLETION_INDEX": "50"], 50, "the index counts from 0, so with 50 shard(s) it runs from 0 to 49"),
            (
                ["CI_NODE_INDEX": "0", "CI_NODE_TOTAL": "4"], nil,
                "the index counts from 1, so with 4 shard(s) it runs from 1 to 4"
            ),
            (["CI_NODE_INDEX": "2"], nil, "CI_NODE_INDEX=2 is set but CI_NODE_TOTAL is not"),
            (["CI_NODE_TOTAL": "4"], nil, "CI_NODE_TOTAL=4 is set but CI_NODE_INDEX is not"),
            (["BUILDKITE_PARALLEL_JOB": "4", "BUILDKITE_PARALLEL_JOB_COUNT": "4"], nil, "runs from 0 to 3"),
            (
                ["BUILDKITE_PARALLEL_JOB_COUNT": "4"], nil,
                "BUILDKITE_PARALLEL_JOB_COUNT=4 is set but BUILDKITE_PARALLEL_JOB is not"
            ),
            (
                ["BUILDKITE_PARALLEL_JOB": "two", "BUILDKITE_PARALLEL_JOB_COUNT": "4"], nil,
                #"BUILDKITE_PARALLEL_JOB="two" is not a whole number"#
            ),
            (
                ["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "4"], 8,
                "--shard auto/8: CI_NODE_INDEX=1 CI_NODE_TOTAL=4 says 4 shard(s), not 8"
            ),
            (
                ["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "2", "JOB_COMPLETION_INDEX": "1"], 2,
                "the CI variables disagree"
            ),
            (["JOB_COMPLETION_INDEX": "1", "SIMULATE_SHARD_COUNT": "4"], 5, "SIMULATE_SHARD_COUNT=4 says otherwise"),
        ] as [([String: String], Int?, String)])
    func failsClearly(environment: [String: String], total: Int?, message: String) {
        #expect {
            _ = try CIShard.resolve(environment: environment, total: total)
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test func autoParsesWithAndWithoutATotal() throws {
        let plain = try #require(Shard(argument: "auto"))
        #expect(plain.isAuto && plain.autoTotal == nil && plain.problem == nil)
        let total = try #require(Shard(argument: "auto/50"))
        #expect(total.autoTotal == 50 && total.problem == nil)
        #expect(Shard(argument: "auto/0")?.problem?.contains("expected auto or auto/N") == true)
        #expect(Shard(argument: "auto/x")?.problem?.contains("expected auto or auto/N") == true)
        let explicit = try #require(Shard(argument: "2/4"))
        let resolved = try explicit.resolved(environment: ["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "4"])
        #expect(resolved.index == 2 && resolved.count == 4)
    }

    @Test func theCommandRunsTheShardTheCIGives() throws {
        let folder = try ScenarioFolder()
        let explicit = try ShardedRuns.simulate(
            ["run", "Scenarios", "--seeds", "0..9", "--shard", "2/3"], in: folder.path)
        let auto = try ShardedRuns.simulate(
            ["run", "Scenarios", "--seeds", "0..9", "--shard", "auto"], in: folder.path,
            environment: ["BUILDKITE_PARALLEL_JOB": "1", "BUILDKITE_PARALLEL_JOB_COUNT": "3"])
        #expect(auto.status == explicit.status)
        #expect(auto.standardOutput == explicit.standardOutput)
        #expect(
            auto.standardError.contains(
                "shard 2/3 (--shard auto: BUILDKITE_PARALLEL_JOB=1 BUILDKITE_PARALLEL_JOB_COUNT=3)"))
    }

    @Test func theCommandExitsTwoWhenNoCIVariableIsSet() throws {
        let folder = try ScenarioFolder()
        let output = try ShardedRuns.simulate(
            ["run", "Scenarios", "--seeds", "0..9", "--shard", "auto"], in: folder.path)
        #expect(output.status == 2)
        #expect(output.standardError.contains("no CI shard variables are set"))
        #expect(output.standardError.contains("JOB_COMPLETION_INDEX"))
        #expect(output.standardOutput.isEmpty)
    }
}

/// Runs the built `simulate` with the CI shard variables of this process removed and `environment` added.
enum ShardedRuns {
    static let ciVariables = [
        "CI_NODE_INDEX", "CI_NODE_TOTAL", "BUILDKITE_PARALLEL_JOB", "BUILDKITE_PARALLEL_JOB_COUNT",
        "JOB_COMPLETION_INDEX", "SIMULATE_SHARD_COUNT",
    ]

    static func simulate(_ arguments: [String], in directory: String, environment: [String: String] = [:]) throws
        -> BuiltSimulate.Output
    {
        let process = Process()
        process.executableURL = BuiltSimulate.executable
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var variables = ProcessInfo.processInfo.environment
        for name in ciVariables { variables[name] = nil }
        variables.merge(environment) { $1 }
        variables["NO_COLOR"] = "1"
        process.environment = variables
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return BuiltSimulate.Output(
            status: process.terminationStatus, standardOutput: String(decoding: outData, as: UTF8.self),
            standardError: String(decoding: errData, as: UTF8.self))
    }
}
