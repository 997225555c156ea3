#if ModelCheck
    import Foundation
    import SimulateCore
    import SimulateModel
    import SimulateModelCheck
    import SimulatePlugins
    import Testing

    /// `"plugins": {"model": {"sources": …}}`: scenarios run on the schema read from the team's Swift.
    @Suite("model plugin reading Swift sources")
    struct ScenarioSourcesTests {
        static let registry = PluginRegistry(BuiltinPlugins.all)

        init() { ModelCheck.installSourceReader() }

        static func run(file: String, seed: UInt64 = 3) throws -> RunResult {
            let scenario = try ScenarioLoader(registry: registry).load(file: file)
            return SimulationRunner(registry: registry).run(scenario, seed: seed)
        }

        static func run(text: String, file: String, seed: UInt64 = 3) throws -> RunResult {
            let scenario = try ScenarioLoader(registry: registry).load(text: text, file: file)
            return SimulationRunner(registry: registry).run(scenario, seed: seed)
        }

        static var repository: String { Fixtures.root.components(separatedBy: "/Tests/").first ?? "." }

        @Test("the seeds' model from Swift runs with the trace of the default schema and of the same schema inline")
        func sameTrace() throws {
            let fromSources = try Self.run(file: Fixtures.path("projects-scenario.json"))
            #expect(fromSources.passed)
            let bundled = try Self.run(file: Self.repository + "/Scenarios/model/default-schema-three-devices.json")
            // The same events as the default schema (the hash differs only by the configuration it covers).
            #expect(fromSources.trace.map { String(describing: $0) } == bundled.trace.map { String(describing: $0) })
            #expect(fromSources.events == bundled.events)
            let schema = try #require(ModelCheck.check(paths: [Fixtures.path("projects")]).schema)
            let text = try String(contentsOfFile: Fixtures.path("projects-scenario.json"), encoding: .utf8)
                .replacingOccurrences(of: "\"sources\": \"projects\"", with: "\"schema\": " + SchemaJSON.text(schema))
            let inline = try Self.run(text: text, file: Fixtures.path("inline.json"))
            #expect(inline.traceHash == fromSources.traceHash)
            #expect(inline.events == fromSources.events)
        }

        @Test("seed 001's model from Swift: the store fails to load with the seed's failure reason")
        func outboxScenario() throws {
            let result = try Self.run(file: Fixtures.path("outbox-scenario.json"))
            #expect(result.expectations.filter { !$0.passed }.map(\.name) == [])
            #expect(result.passed)
        }

        @Test("errors in the sources point at the Swift declaration; schema and sources together are refused")
        func locatedErrors() throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "model-sources-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            try "@Model final class Item {\n    var color: Color = .red\n}\n".write(
                to: folder.appendingPathComponent("Item.swift"), atomically: true, encoding: .utf8)
            let scenario = """
                {"format": 1, "name": "t", "duration": "1s", "devices": [{"id": "phone"}],
                 "plugins": {"model": {"sources": "Item.swift"}}, "steps": [], "expect": []}
                """
            let file = folder.appendingPathComponent("scenario.json").path
            #expect(throws: ScenarioError.self) { try Self.run(text: scenario, file: file) }
            do {
                _ = try ScenarioLoader(registry: Self.registry).load(text: scenario, file: file)
            } catch {
                let text = error.diagnostics.map(\.description)
                #expect(text.count == 1)
                #expect(
                    text.first?.contains(
                        "/plugins/model/sources: \(folder.path)/Item.swift:2:9: Item.color has type Color")
                        == true)
            }
            try "@Model final class Item {\n    var color: String = \"red\"\n}\n".write(
                to: folder.appendingPathComponent("Item.swift"), atomically: true, encoding: .utf8)
            let both = scenario.replacingOccurrences(
                of: "{\"sources\"", with: "{\"schema\": {\"entities\": [{\"name\": \"A\"}]}, \"sources\"")
            do {
                _ = try ScenarioLoader(registry: Self.registry).load(text: both, file: file)
                Issue.record("schema and sources together loaded")
            } catch {
                #expect(error.diagnostics.map(\.message).contains("give either \"schema\" or \"sources\", not both"))
            }
        }

        /// Options bound to a test's own loads hold whatever reader other tests install at the same time.
        @Test("a test's own reader options, beside tests that install others")
        func scopedReaderOptions() async throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "model-sources-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            try "@Model @Audited final class Item {\n    var title: String = \"\"\n}\n".write(
                to: folder.appendingPathComponent("Item.swift"), atomically: true, encoding: .utf8)
            let scenario = """
                {"format": 1, "name": "t", "duration": "1s", "devices": [{"id": "phone"}],
                 "plugins": {"model": {"sources": "Item.swift"}}, "steps": [], "expect": []}
                """
            let file = folder.appendingPathComponent("scenario.json").path
            let audited = ModelCheck.Options(allowedAttributes: ["Audited"])
            #expect(throws: ScenarioError.self) {
                try ScenarioLoader(registry: Self.registry).load(text: scenario, file: file)
            }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<20 {
                    group.addTask {
                        if index.isMultiple(of: 2) {
                            ModelCheck.installSourceReader()
                        } else {
                            try ModelCheck.withSourceReader(options: audited) {
                                _ = try ScenarioLoader(registry: Self.registry).load(text: scenario, file: file)
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
    }
#endif
