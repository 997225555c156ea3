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

/// An editor flags the durations the loader refuses: the schema's pattern bounds each unit at 100000h.
@Suite struct SchemaDurationTests {
    static let samples = [
        "100000h", "100000.0h", "100000.5h", "100001h", "99999.999h", "0100000h", "6000000m", "6000001m",
        "5999999.9m", "360000000s", "360000001s", "00360000000s", "359999999.99s", "360000000000ms",
        "360000000001ms", "360000000000000us", "360000000000001us", "360000000000000000ns",
        "360000000000000001ns", "1000000000000000000ns", "1.5s", "250ms", "0ns", "1e3s", "1.s", "5 s",
    ]

    @Test(arguments: samples)
    func theSchemaAcceptsADurationStringExactlyWhenTheLoaderDoes(text: String) throws {
        let schema = ScenarioSchema.generate(PluginRegistry(BuiltinPlugins.all))
        let pattern = try #require(schema["$defs"]?["duration"]?["oneOf"]?[0]?["pattern"]?.stringValue)
        let matches = try Regex(pattern).wholeMatch(in: text) != nil
        let loads =
            switch DurationFormat.parseChecked(text) {
            case .nanoseconds(let nanoseconds): nanoseconds <= DurationValue.maximum.nanoseconds
            case .malformed, .outOfRange: false
            }
        #expect(matches == loads, "\(text): schema \(matches), loader \(loads)")
    }
}
