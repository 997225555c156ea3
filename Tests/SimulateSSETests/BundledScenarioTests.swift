import Foundation
import Testing

private let scenarioDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Scenarios/sse")

private let bundledScenarios: [String] =
    ((try? FileManager.default.contentsOfDirectory(atPath: scenarioDirectory.path)) ?? [])
    .filter { $0.hasSuffix(".json") }.sorted()

@Test func bundledScenariosExist() {
    #expect(bundledScenarios.count >= 15)
}

@Test(arguments: bundledScenarios)
func bundledScenarioMeetsItsExpectations(file: String) throws {
    let text = try String(contentsOf: scenarioDirectory.appendingPathComponent(file), encoding: .utf8)
    let result = try SSEScenario.run(text)
    #expect(result.failure == nil)
    #expect(result.failures == [], "\(file)")
}
