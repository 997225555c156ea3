import SimulateTesting
import Testing

/// Every scenario the package ships runs clean with the built-in plugins.
@Suite struct BundledScenarioTests {
    @Test(arguments: ScenarioSuite.files(in: "Scenarios"))
    func scenario(_ file: ScenarioFile) {
        ScenarioExpectations.check(file: file)
    }

    @Test func packageFoldersAreFoundFromThisFile() throws {
        let folder = try #require(ScenarioSuite.locate("Sources/SimulateTesting"))
        #expect(folder.hasSuffix("/Sources/SimulateTesting"))
        for file in ScenarioSuite.files(in: "Scenarios") {
            #expect(file.displayPath.hasPrefix("Scenarios/"))
        }
    }
}
