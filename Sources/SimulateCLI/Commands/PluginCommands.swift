import Foundation
import SimulateCore
import SimulateReports

/// Runs the commands plugins add (``PluginCommand``), e.g. `simulate sse-parse`.
enum PluginCommands {
    /// The lines `simulate --help` adds for plugin commands.
    static func helpSection(_ commands: [PluginCommand]) -> String {
        guard !commands.isEmpty else { return "" }
        let width = commands.map(\.name.count).max() ?? 0
        let lines = commands.map {
            "  " + $0.name + String(repeating: " ", count: width - $0.name.count + 2) + $0.abstract
        }
        return "\n\nPlugin commands (simulate COMMAND --help for more):\n" + lines.joined(separator: "\n")
    }

    /// The lines `simulate --help` adds for the commands the executable runs itself.
    static func otherCommandsSection(_ commands: [(name: String, abstract: String)]) -> String {
        guard !commands.isEmpty else { return "" }
        let width = commands.map(\.name.count).max() ?? 0
        let lines = commands.map {
            "  " + $0.name + String(repeating: " ", count: width - $0.name.count + 2) + $0.abstract
        }
        return "\n\nMore commands (simulate COMMAND --help for more):\n" + lines.joined(separator: "\n")
    }

    /// Runs `arguments` when its first word names a plugin command: the exit status, or nil when it names none.
    static func run(_ arguments: [String], registry: PluginRegistry) -> Int32? {
        guard let name = arguments.first, let command = registry.commands.first(where: { $0.name == name }) else {
            return nil
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            Output.line(command.help)
            return ExitStatus.passed
        }
        do {
            try command.run(rest, io: StandardIO())
            return ExitStatus.passed
        } catch {
            if error.isUsage {
                Output.error(
                    "Error: \(error.message)\nUsage: simulate \(command.name) \(command.usage)\n"
                        + "  See 'simulate \(command.name) --help' for more information.")
            } else {
                Output.error("error: \(error.message)")
            }
            return ExitStatus.invalid
        }
    }
}

/// Standard input and output for a plugin command.
private struct StandardIO: PluginCommandIO {
    func read(path: String?, _ body: ([UInt8]) -> Void) throws(PluginCommandError) {
        let input: FileHandle
        if let path {
            // A directory would make the read fail, a FIFO would wait for a writer: say so before opening.
            if let problem = FileCheck.problemReadingRegularFile(path) {
                throw PluginCommandError("\(path): \(problem)")
            }
            guard let handle = FileHandle(forReadingAtPath: path) else {
                throw PluginCommandError("\(path): cannot be read: \(FileCheck.reason(errno))")
            }
            input = handle
        } else {
            input = FileHandle.standardInput
        }
        while true {
            let data: Data?
            do {
                data = try input.read(upToCount: 1 << 16)
            } catch {
                throw PluginCommandError("\(path ?? "standard input"): cannot be read: \(error.localizedDescription)")
            }
            guard let data, !data.isEmpty else { break }
            body([UInt8](data))
        }
    }

    func write(_ bytes: [UInt8]) {
        StandardStream.output.writeOrExit(bytes)
    }
}
