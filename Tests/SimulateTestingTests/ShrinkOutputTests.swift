import Foundation
import SimulateCore
import SimulateTesting
import Testing

/// Where shrinking on failure writes: never over the failing scenario itself.
@Suite struct ShrinkOutputTests {
    @Test func anOutputNamingTheFailingScenarioLeavesItAsItWas() throws {
        let source = ScenarioSuite.resolve("Tests/Fixtures/Shrink/counter-allkeys-hazard-noisy.json")
        let text = try String(contentsOfFile: source.path, encoding: .utf8)
        let fixtures = try Fixtures(["noisy.json": text])
        defer { fixtures.remove() }
        withKnownIssue {
            ScenarioExpectations.check(
                file: ScenarioFile(path: fixtures.path("noisy.json")),
                shrinkOnFailure: ShrinkOnFailure(output: fixtures.path("./noisy.json")))
        }
        #expect(try String(contentsOfFile: fixtures.path("noisy.json"), encoding: .utf8) == text)
    }
}
