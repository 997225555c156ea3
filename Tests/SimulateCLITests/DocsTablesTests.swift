import Foundation
import SimulateCLI
import SimulateCore
import SimulatePlugins
import Testing

/// The tables of configuration keys, actions, invariants and observables in README.md and docs/ are
/// the ones the plugins' declarations make: a declaration changed without `simulate docs --write`
/// fails here.
@Suite struct DocsTablesTests {
    static let root = CommandRunner.repositoryRoot
    static let files: [String] = {
        let docs =
            (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }()

    @Test("every checked-in table equals the generated one", arguments: files)
    func checkedInTablesAreGenerated(file: String) throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
        let rendered = try DocsTables.render(text, registry: PluginRegistry(BuiltinPlugins.all))
        #expect(rendered == text, "\(file) is stale: run swift run simulate docs --write")
    }

    @Test("each plugin page holds its plugin's four tables")
    func pluginPagesAreGenerated() throws {
        for name in ["sse", "counter", "model", "intents"] {
            let text = try String(contentsOf: Self.root.appendingPathComponent("docs/\(name).md"), encoding: .utf8)
            for table in ["configuration", "actions", "invariants", "observables"] {
                #expect(text.contains("<!-- generated: \(name) \(table) -->"), "docs/\(name).md: \(table)")
            }
        }
    }

    @Test("a nested configuration key's table lists its members, and theirs as outer.inner")
    func nestedConfigurationTable() throws {
        let registry = PluginRegistry(BuiltinPlugins.all)
        let counter = try String(contentsOf: Self.root.appendingPathComponent("docs/counter.md"), encoding: .utf8)
        #expect(counter.contains("<!-- generated: counter configuration loadModel -->"))
        let rendered = try DocsTables.render(
            "<!-- generated: counter configuration loadModel -->\n<!-- end generated -->", registry: registry)
        #expect(rendered.contains("| `rateLimit` | object | off |"))
        #expect(rendered.contains("| `rateLimit.requestsPerSecond` | number | required |"))
        #expect(rendered.contains("| `rateLimit.retryAfter` | duration | `\"23s\"` |"))
        #expect(rendered.contains("| `zoneBusy.window` | duration | `\"1s\"` |"))
        #expect(rendered.contains("| `maxRecordsPerOperation` | integer | `400` |"))
        #expect(throws: DocsTables.MarkerError.self) {
            try DocsTables.render(
                "<!-- generated: counter configuration maxAttempts -->\n<!-- end generated -->", registry: registry)
        }
    }

    @Test("a table is made from the declaration, so a stale or hand-edited one is rewritten")
    func staleTableIsRewritten() throws {
        let stale = """
            before
            <!-- generated: counter invariants -->
            | invariant | what |
            |---|---|
            | `unique` | hand-written |
            <!-- end generated -->
            after
            """
        let rendered = try DocsTables.render(stale, registry: PluginRegistry(BuiltinPlugins.all))
        #expect(
            rendered.hasPrefix("before\n<!-- generated: counter invariants -->\n| invariant | args | what it checks |"))
        #expect(rendered.hasSuffix("<!-- end generated -->\nafter"))
        #expect(!rendered.contains("hand-written"))
        #expect(rendered.contains("| `retryBound` | `maxAttempts` (integer, default the configured maxAttempts)"))
    }

    @Test("a marker naming an unknown plugin or table, or left open, is an error with its line")
    func badMarkers() {
        let registry = PluginRegistry(BuiltinPlugins.all)
        #expect(throws: DocsTables.MarkerError.self) {
            try DocsTables.render("x\n<!-- generated: nope actions -->\n<!-- end generated -->", registry: registry)
        }
        #expect(throws: DocsTables.MarkerError.self) {
            try DocsTables.render("<!-- generated: sse tables -->\n<!-- end generated -->", registry: registry)
        }
        do {
            _ = try DocsTables.render("a\n<!-- generated: sse actions -->\nrow", registry: registry)
            Issue.record("an open marker must be an error")
        } catch {
            #expect(error.line == 2)
        }
    }

    @Test("simulate docs --check fails on a stale file and --write repairs it")
    func command() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("docs-\(UUID().uuidString).md")
        try "# t\n<!-- generated: intents configuration -->\n<!-- end generated -->\n".write(
            to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try CommandRunner.run(["docs", "--check", file.path]).status == 1)
        #expect(try CommandRunner.run(["docs", "--write", file.path]).status == 0)
        #expect(try CommandRunner.run(["docs", "--check", file.path]).status == 0)
        #expect(try String(contentsOf: file, encoding: .utf8).contains("| `maxInputBytes` | integer | `65536` |"))
    }
}
