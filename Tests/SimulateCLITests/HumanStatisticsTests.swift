import Testing

/// Run statistics in the human report: under a single run, under failures, and under every run with `--statistics`.
@Suite struct HumanStatisticsTests {
    private func statisticsLines(_ output: BuiltSimulate.Output) -> [String] {
        output.standardOutput.split(separator: "\n").map(String.init).filter { $0.hasPrefix("  counter: ") }
    }

    @Test func aSingleRunShowsItsStatistics() throws {
        let folder = try ScenarioFolder()
        let output = try BuiltSimulate.run(["run", "Scenarios/calm.json"], in: folder.path)
        #expect(output.status == 0)
        let lines = statisticsLines(output)
        #expect(lines.count == 1)
        #expect(lines.first?.contains("allocations 6 · allocated 6 · attempts p50 ") == true)
        #expect(lines.first?.contains("failed 0") == false)
    }

    @Test func aSweepShowsStatisticsOnlyForFailuresUnlessAsked() throws {
        let folder = try ScenarioFolder()
        let quiet = try BuiltSimulate.run(["run", "Scenarios", "--seeds", "0..1"], in: folder.path)
        #expect(quiet.status == 1)
        #expect(statisticsLines(quiet).count == 2)
        let asked = try BuiltSimulate.run(["run", "Scenarios", "--seeds", "0..1", "--statistics"], in: folder.path)
        #expect(statisticsLines(asked).count == 4)
    }
}
