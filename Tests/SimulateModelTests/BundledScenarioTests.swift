import Foundation
import SimulateCore
import Testing

@Suite("Bundled model scenarios")
struct BundledScenarioTests {
    static var files: [String] {
        let directory = ModelScenarioSupport.scenariosDirectory
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }

    @Test("every bundled scenario meets its expectations", arguments: files)
    func scenarioPasses(_ name: String) throws {
        let result = try ModelScenarioSupport.runFile(ModelScenarioSupport.scenariosDirectory + "/" + name)
        #expect(ModelScenarioSupport.failures(result) == [])
    }

    @Test("a scenario run twice gives the same trace hash", arguments: files.prefix(3))
    func deterministic(_ name: String) throws {
        let path = ModelScenarioSupport.scenariosDirectory + "/" + name
        let first = try ModelScenarioSupport.runFile(path, seed: 7)
        let second = try ModelScenarioSupport.runFile(path, seed: 7)
        #expect(first.traceHash == second.traceHash)
    }
}
