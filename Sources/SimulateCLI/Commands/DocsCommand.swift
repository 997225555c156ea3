import ArgumentParser
import Foundation
import SimulateCore
import SimulateReports

struct DocsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "docs",
        abstract: "Write (or check) the tables of configuration keys, actions, invariants and observables in the docs.",
        discussion: """
            The tables between <!-- generated: <plugin> <table> --> and <!-- end generated --> in each file are \
            made from the plugins' declarations; the rest of the file is kept. Exit status 1 with --check when a \
            table differs from the generated one.
            """)

    @Flag(help: "Rewrite the files' tables.") var write = false
    @Flag(help: "Only report the files whose tables differ.") var check = false
    @Argument(help: "Markdown files (default: README.md, if there is one, and docs/*.md).") var files: [String] = []

    func run() throws {
        guard write != check else {
            Output.error("error: give one of --write and --check")
            throw ExitCode(ExitStatus.invalid)
        }
        var stale: [String] = []
        for path in files.isEmpty ? Self.defaultFiles() : files {
            if let problem = FileCheck.problemReadingRegularFile(path) {
                Output.error("error: \(path): \(problem)")
                throw ExitCode(ExitStatus.invalid)
            }
            guard let data = FileManager.default.contents(atPath: path) else {
                Output.error("error: \(path): cannot read the file")
                throw ExitCode(ExitStatus.invalid)
            }
            let text = String(decoding: data, as: UTF8.self)
            let rendered: String
            do {
                rendered = try DocsTables.render(text, registry: CommandEnvironment.registry)
            } catch {
                Output.error("error: \(path):\(error)")
                throw ExitCode(ExitStatus.invalid)
            }
            guard rendered != text else { continue }
            stale.append(path)
            if write {
                do {
                    try OutputFile(path).write(rendered.utf8)
                } catch {
                    Output.error("error: \(error)")
                    throw ExitCode(ExitStatus.invalid)
                }
            }
        }
        for path in stale { Output.line(write ? "wrote \(path)" : "stale: \(path) (run simulate docs --write)") }
        if check && !stale.isEmpty { throw ExitCode(ExitStatus.expectationFailed) }
    }

    /// README.md when there is one, and docs/*.md; README.md alone when neither is there (its error says so).
    static func defaultFiles() -> [String] {
        let docs = ((try? FileManager.default.contentsOfDirectory(atPath: "docs")) ?? []).filter { $0.hasSuffix(".md") }
            .sorted().map { "docs/" + $0 }
        let readme = FileManager.default.fileExists(atPath: "README.md") || docs.isEmpty ? ["README.md"] : []
        return readme + docs
    }
}
