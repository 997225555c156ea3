import SimulateTesting
import Testing

@Suite struct ScenarioSuiteTests {
    @Test func findsJSONFilesRecursivelySorted() throws {
        let fixtures = try Fixtures([
            "b.json": Fixtures.passing, "a/c.json": Fixtures.passing, "notes.txt": "x", "a.json": Fixtures.passing,
        ])
        let files = ScenarioSuite.files(in: fixtures.directory)
        #expect(files.map(\.name) == ["a.json", "c.json", "b.json"])
        #expect(files.map(\.path) == ["a.json", "a/c.json", "b.json"].map(fixtures.path))
    }

    @Test func relativeFolderIsShownRelativeToWhereItWasFound() {
        let files = ScenarioSuite.files(in: "Tests/SimulateTestingTests")
        #expect(files.isEmpty)
        #expect(ScenarioSuite.locate("Tests/SimulateTestingTests") != nil)
        #expect(ScenarioSuite.locate("No Such Folder") == nil)
    }

    @Test func resolvesAFileFromTheCallerUpwards() {
        let file = ScenarioSuite.resolve("Package.swift")
        #expect(file.displayPath == "Package.swift")
        #expect(file.path.hasPrefix("/") && file.path.hasSuffix("/Package.swift"))
    }
}
