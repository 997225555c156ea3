import Foundation
import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax

/// One Swift source, parsed.
struct ParsedSource {
    var path: String
    var tree: SourceFileSyntax
    /// The UTF-8 offset where each line starts (after `\n`, `\r\n` or `\r`), for line and column without
    /// walking the tree again as `SourceLocationConverter` does.
    var lineStarts: [Int]

    init(path: String, tree: SourceFileSyntax, text: String) {
        self.path = path
        self.tree = tree
        var starts = [0]
        var previous: UInt8 = 0
        var offset = 0
        for byte in text.utf8 {
            if byte == 0x0A || (previous == 0x0D && byte != 0x0A) {
                starts.append(byte == 0x0A ? offset + 1 : offset)
            }
            previous = byte
            offset += 1
        }
        if previous == 0x0D { starts.append(offset) }
        lineStarts = starts
    }

    /// Where `node` starts, after its leading trivia: 1-based line and UTF-8 column, as the compiler prints.
    func position(_ node: some SyntaxProtocol) -> SourcePosition {
        position(offset: node.positionAfterSkippingLeadingTrivia.utf8Offset)
    }

    func position(offset: Int) -> SourcePosition {
        var (low, high) = (0, lineStarts.count - 1)
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return SourcePosition(file: path, line: low + 1, column: offset - lineStarts[low] + 1)
    }
}

/// Finds and parses the `.swift` files of the paths a user names: files as given, folders walked in
/// name order (hidden entries and `.build` skipped), so the output never depends on the file system's order.
enum SourceFiles {
    static func swiftFiles(in paths: [String]) -> (files: [String], errors: [InputError]) {
        var files: [String] = []
        var errors: [InputError] = []
        let manager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                errors.append(InputError(path: path, "no such file or folder"))
                continue
            }
            if !isDirectory.boolValue {
                if path.hasSuffix(".swift") {
                    files.append(path)
                } else {
                    errors.append(InputError(path: path, "not a Swift source: expected a .swift file or a folder"))
                }
                continue
            }
            guard let enumerator = manager.enumerator(atPath: path) else {
                errors.append(InputError(path: path, "folder cannot be read"))
                continue
            }
            var found: [String] = []
            while let relative = enumerator.nextObject() as? String {
                let name = (relative as NSString).lastPathComponent
                if name.hasPrefix(".") || name == ".build" {
                    enumerator.skipDescendants()
                    continue
                }
                if name.hasSuffix(".swift") { found.append(join(path, relative)) }
            }
            if found.isEmpty { errors.append(InputError(path: path, "folder holds no .swift file")) }
            files += found.sorted()
        }
        return (files, errors)
    }

    private static func join(_ folder: String, _ relative: String) -> String {
        folder.hasSuffix("/") ? folder + relative : folder + "/" + relative
    }

    /// Reads and parses one file; a file that is not UTF-8 text or does not parse is an input error at its
    /// first problem.
    static func parse(path: String) -> Result<ParsedSource, InputError> {
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(InputError(path: path, "cannot be read"))
        }
        guard let text = String(data: data, encoding: .utf8), !data.contains(0) else {
            return .failure(InputError(path: path, "not a Swift source: the file is not UTF-8 text"))
        }
        return parse(text: text, path: path)
    }

    static func parse(text: String, path: String) -> Result<ParsedSource, InputError> {
        // Swift 5 mode: what it only warns about (`@Relationship (inverse: …)`, a space before the parenthesis:
        // swiftlang/swift#71237) builds in a Swift 5 target, so it is read, not refused.
        var bytes = Array(text.utf8)
        let tree = bytes.withUnsafeMutableBufferPointer { buffer in
            Parser.parse(source: UnsafeBufferPointer(buffer), swiftVersion: .v5)
        }
        let source = ParsedSource(path: path, tree: tree, text: text)
        if tree.hasError {
            let diagnostics = ParseDiagnosticsGenerator.diagnostics(for: tree)
            if let first = diagnostics.first {
                let converter = SourceLocationConverter(fileName: path, tree: tree)
                let location = first.location(converter: converter)
                return .failure(
                    InputError(
                        at: SourcePosition(file: path, line: location.line, column: location.column),
                        "not valid Swift: \(first.message)"))
            }
            return .failure(InputError(at: SourcePosition(file: path, line: 1, column: 1), "not valid Swift"))
        }
        return .success(source)
    }
}
