import Foundation

/// One measured figure, for `--format json` (read by `scripts/bench-compare`). Names match the human
/// output's labels so the script can read either.
struct BenchmarkFigure {
    enum Better: String { case higher, lower }

    var benchmark: String
    var name: String
    var value: Double
    var unit: String
    var better: Better
    /// A figure of code outside this package (the C loop, json-c, Foundation), measured in the same run
    /// to show the machine's state; a change to the package cannot make it slower.
    var reference = false

    var json: String {
        func quoted(_ text: String) -> String {
            "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        let number = value.isFinite ? String(value) : "null"
        return "{\"benchmark\": \(quoted(benchmark)), \"name\": \(quoted(name)), \"value\": \(number), "
            + "\"unit\": \(quoted(unit)), \"better\": \(quoted(better.rawValue)), \"reference\": \(reference)}"
    }

    /// A figure over its baseline measured in the same run (unit `×`).
    static func ratio(_ benchmark: String, _ name: String, _ value: Double, better: Better) -> BenchmarkFigure {
        BenchmarkFigure(benchmark: benchmark, name: name, value: value, unit: "×", better: better)
    }

    /// `{"format": 1, "figures": [...]}` on one line.
    static func document(_ figures: [BenchmarkFigure]) -> String {
        "{\"format\": 1, \"figures\": [" + figures.map(\.json).joined(separator: ", ") + "]}\n"
    }
}

/// With `--format json` the human report goes to standard error and standard output carries only the
/// figures document, written at the end.
enum BenchmarkOutput {
    static func jsonDestination() -> FileHandle {
        let saved = dup(STDOUT_FILENO)
        fflush(nil)
        dup2(STDERR_FILENO, STDOUT_FILENO)
        return FileHandle(fileDescriptor: saved, closeOnDealloc: true)
    }

    /// Runs the benchmarks; with `json`, writes their figures as one document on standard output at the end.
    /// A benchmark that throws ends the process with status 1 and its message.
    static func run(json: Bool, _ benchmarks: () throws -> [BenchmarkFigure]) {
        do {
            let destination = json ? jsonDestination() : nil
            let figures = try benchmarks()
            if let destination {
                fflush(nil)
                destination.write(Data(BenchmarkFigure.document(figures).utf8))
            }
        } catch {
            FileHandle.standardError.write(Data("benchmark failed: \(error)\n".utf8))
            exit(1)
        }
    }
}

/// A benchmark that could not run: its message is printed and the exit status is 1.
struct BenchmarkError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
