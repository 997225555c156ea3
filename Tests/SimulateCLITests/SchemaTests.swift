import Foundation
import SimulateCLI
import SimulateCore
import SimulateJSON
import SimulatePlugins
import Testing

/// The editor schema in the repository is the one the plugins generate, and every bundled scenario satisfies it.
@Suite struct SchemaTests {
    let root = CommandRunner.repositoryRoot

    @Test func committedSchemaMatchesTheGeneratedOne() throws {
        let committed = try JSONParser.parse(
            [UInt8](Data(contentsOf: root.appendingPathComponent("schema/scenario.schema.json")))
        ).root
        let generated = ScenarioSchema.generate(PluginRegistry(BuiltinPlugins.all))
        #expect(committed == generated, "regenerate it: swift run simulate schema > schema/scenario.schema.json")
    }

    @Test func everyBundledScenarioPointsAtTheSchemaAndValidates() throws {
        let scenarios = root.appendingPathComponent("Scenarios")
        let files =
            FileManager.default.enumerator(atPath: scenarios.path)?.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".json") } ?? []
        for file in files {
            let document = try JSONParser.parse([UInt8](Data(contentsOf: scenarios.appendingPathComponent(file)))).root
            let depth = file.split(separator: "/").count
            let expected = String(repeating: "../", count: depth) + "schema/scenario.schema.json"
            #expect(document["$schema"] == .string(expected), "\(file)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", root.appendingPathComponent("scripts/check-schema.py").path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(output)")
    }
}
