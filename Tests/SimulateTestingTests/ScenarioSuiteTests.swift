import Foundation
import SimulateTesting
import Testing

@Suite struct ScenarioSuiteTests {
    @Test func findsJSONFilesRecursivelySorted() throws {
        let fixtures = try Fixtures([
            "b.json": Fixtures.passing, "a/c.json": Fixtures.passing, "notes.txt": "x", "a.json": Fixtures.passing,
        ])
        defer { fixtures.remove() }
        let files = ScenarioSuite.files(in: fixtures.directory)
        #expect(files.map(\.name) == ["a.json", "c.json", "b.json"])
        #expect(files.map(\.path) == ["a.json", "a/c.json", "b.json"].map(fixtures.path))
    }

    @Test func relativeFolderIsShownFromWhereItWasFound() {
        let files = ScenarioSuite.files(in: "Scenarios/sse")
        #expect(files.first?.displayPath.hasPrefix("Scenarios/sse/") == true)
        #expect(files.allSatisfy { $0.problem == nil })
        #expect(ScenarioSuite.locate("Tests/SimulateTestingTests") != nil)
        #expect(ScenarioSuite.locate("No Such Folder") == nil)
    }

    @Test func aMisspeltFolderFailsInsteadOfRunningNoTest() {
        let files = ScenarioSuite.files(in: "Scenarioz")
        #expect(files.count == 1)
        #expect(files.first?.problem?.hasPrefix("no scenario folder \"Scenarioz\": looked in") == true)
        var outcome: ScenarioOutcome?
        withKnownIssue("the folder does not exist") {
            outcome = ScenarioExpectations.check(file: files[0])
        }
        #expect(outcome?.passed == false)
        #expect(outcome?.failures.first?.message.contains("no scenario folder \"Scenarioz\"") == true)
    }

    @Test func aFolderWithoutScenarioFilesFails() {
        let files = ScenarioSuite.files(in: "Sources/SimulateTesting")
        #expect(files.count == 1)
        #expect(files.first?.problem?.hasPrefix("no .json scenario files under") == true)
        #expect(ScenarioHarness().run(files[0]).invalid != nil)
    }

    @Test func scenariosCopiedIntoTheTestBundleAreFound() {
        let files = ScenarioSuite.files(in: "BundledScenarios", bundle: .module)
        #expect(files.map(\.displayPath) == ["BundledScenarios/offline-indicator.json"])
        #expect(ScenarioHarness().run(files[0]).passed)
        let missing = ScenarioSuite.files(in: "Scenarios", bundle: .module)
        #expect(missing.first?.problem?.contains("resources: [.copy(\"Scenarios\")]") == true)
    }

    @Test func resolvesAFileFromTheCallerUpwards() {
        let file = ScenarioSuite.resolve("Package.swift")
        #expect(file.displayPath == "Package.swift")
        #expect(file.path.hasPrefix("/") && file.path.hasSuffix("/Package.swift"))
    }
}
