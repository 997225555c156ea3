import ArgumentParser
import Foundation
import SimulateCore
import SimulateModel
import SimulateModelCheck

/// `simulate model-check PATH…` and `simulate-model-check PATH…` (what the SwiftPM plugins run).
public struct ModelCheckCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "model-check",
        abstract: "Say whether a SwiftData model would load with CloudKit, from its Swift sources.",
        discussion: """
            Reads the @Model classes, VersionedSchemas and SchemaMigrationPlan of the given .swift files or folders \
            with swift-syntax, and prints Core Data's Code=134060 failure reason when the store would not load, \
            with one finding per violation at its declaration (file:line:column: error: message). Also warns about \
            #Predicate and SortDescriptor key paths through optional to-many relationships and about a static let \
            shared ModelContainer with CloudKit or an App Group (seed 003's test-host crash). See docs/model-check.md.

            Exit status: 0 the store loads, 1 it would not (or another error finding; or a warning with \
            --warnings-as-errors), 2 a path that cannot be read or a source that does not parse.
            """)

    public enum Format: String, ExpressibleByArgument, CaseIterable, Sendable {
        case human, json, junit
    }

    @Argument(help: "Swift files or folders (walked recursively).")
    var paths: [String] = []

    @Option(help: "human (default), json or junit.")
    var format: Format = .human

    @Option(help: "Write the report to this file instead of standard output.")
    var output: String?

    @Flag(help: "Exit with 1 when there are warnings too.")
    var warningsAsErrors = false

    @Option(
        name: .customLong("types"),
        help:
            "The container's types (ModelContainer(for: …)), comma-separated or repeated, instead of the plan's newest version or every model."
    )
    var types: [String] = []

    @Option(help: "An attribute or macro on a model that changes nothing model-check needs to know (repeatable).")
    var allowAttribute: [String] = []

    @Option(help: "Write the model plugin's JSON schema (docs/model.md) to this file, - for standard output.")
    var emitSchema: String?

    @Option(help: "Write a Swift file here when the check passes (the build-tool plugin's output).")
    var stamp: String?

    public init() {}

    public func validate() throws {
        if paths.isEmpty { throw ValidationError("name at least one .swift file or folder") }
    }

    public func run() throws {
        let result = ModelCheck.check(
            paths: paths,
            options: ModelCheck.Options(
                types: types.flatMap { $0.split(separator: ",").map(String.init) },
                allowedAttributes: Set(allowAttribute)))
        let report: String
        switch format {
        case .human: report = ModelCheckReport.human(result)
        case .json: report = ModelCheckReport.json(result)
        case .junit: report = ModelCheckReport.junit(result)
        }
        if let output {
            try write(report, to: output)
            if format != .human, !result.inputErrors.isEmpty || !result.findings.isEmpty {
                // Editors and build logs read the located lines from standard error.
                StandardStream.error.writeOrExit(ModelCheckReport.human(result).utf8)
            }
        } else if (!result.inputErrors.isEmpty && format == .human) || emitSchema == "-" {
            // With the schema on standard output, the report goes to standard error: `> schema.json` is JSON.
            StandardStream.error.writeOrExit(report.utf8)
        } else {
            StandardStream.output.writeOrExit(report.utf8)
        }
        if let emitSchema, let schema = result.schema {
            if emitSchema == "-" {
                StandardStream.output.writeOrExit(SchemaJSON.text(schema).utf8)
            } else {
                try write(SchemaJSON.text(schema), to: emitSchema)
            }
        }
        let status = result.exitStatus(warningsAsErrors: warningsAsErrors)
        if status == 0, let stamp {
            try write(
                "// simulate model-check: the SwiftData model loads with CloudKit (\(result.loadedTypes.joined(separator: ", ")))\n",
                to: stamp)
        }
        if status != 0 { throw ExitCode(status) }
    }

    private func write(_ text: String, to path: String) throws {
        do {
            try OutputFile(path).write(text.utf8)
        } catch {
            throw ValidationError("\(error)")
        }
    }

    /// Parses and runs `arguments`: the exit status (usage errors are 2, as for every simulate command).
    public static func main(_ arguments: [String]) -> Int32 {
        do {
            let command = try parse(arguments)
            try command.run()
            return 0
        } catch let code as ExitCode {
            return code.rawValue
        } catch {
            if exitCode(for: error) == .success {
                StandardStream.output.writeOrExit((fullMessage(for: error) + "\n").utf8)
                return 0
            }
            StandardStream.error.writeOrExit((fullMessage(for: error) + "\n").utf8)
            return 2
        }
    }
}
