import Foundation
import SimulateModelCheck
import SwiftParser

/// `simulate-bench model-check`: `simulate model-check` over 200 generated `@Model` files of 50 stored
/// properties each (attributes of every type, defaults, optionals, a few that break CloudKit's rules,
/// and to-one / to-many relationships with inverses), against SwiftParser's bare parse of the same files
/// (read from disk the same way) in the same process.
func runModelCheckBenchmark(files: Int = 200, properties: Int = 50, rounds: Int = 3) throws -> [BenchmarkFigure] {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("model-check-bench-\(getpid())")
    try? FileManager.default.removeItem(at: folder)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var bytes = 0
    for index in 0..<files {
        let text = ModelCheckBenchmarkSource.file(index, of: files, properties: properties)
        bytes += text.utf8.count
        try text.write(to: folder.appendingPathComponent("Entity\(index).swift"), atomically: true, encoding: .utf8)
    }
    print(
        "model-check benchmark: \(files) @Model files × \(properties) properties (\(bytes / 1024) KiB), best of \(rounds)"
    )
    var check = Double.infinity
    var parse = Double.infinity
    var result: ModelCheckResult?
    for _ in 0..<rounds {
        parse = min(parse, try BenchmarkClock.seconds { try bareParse(folder) })
        check = min(check, BenchmarkClock.seconds { result = ModelCheck.check(paths: [folder.path]) })
    }
    guard let result, result.inputErrors.isEmpty, result.loadedTypes.count == files else {
        throw BenchmarkError(message: "model-check did not read the generated files: \(result?.inputErrors ?? [])")
    }
    print(String(format: "  simulate model-check        %7.3f s  (%d findings)", check, result.findings.count))
    print(String(format: "  SwiftParser bare parse      %7.3f s  (reading the same files)", parse))
    print("  model-check / bare parse    \(BenchmarkClock.ratio(check / parse))×  (target: model-check < 2 s)")
    return [
        BenchmarkFigure(
            benchmark: "model-check", name: "simulate model-check", value: check, unit: "s", better: .lower),
        BenchmarkFigure(
            benchmark: "model-check", name: "SwiftParser bare parse", value: parse, unit: "s", better: .lower,
            reference: true),
        .ratio("model-check", "model-check / bare parse", check / parse, better: .lower),
    ]
}

private func bareParse(_ folder: URL) throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    for name in names {
        let data = try Data(contentsOf: folder.appendingPathComponent(name))
        let tree = Parser.parse(source: String(decoding: data, as: UTF8.self))
        if tree.statements.isEmpty { throw BenchmarkError(message: "\(name) parsed empty") }
    }
}

/// One generated model file.
enum ModelCheckBenchmarkSource {
    static func file(_ index: Int, of count: Int, properties: Int) -> String {
        let next = (index + 1) % count
        var lines = ["import Foundation", "import SwiftData", "", "@Model", "final class Entity\(index) {"]
        let kinds: [(String, String)] = [
            ("String", " = \"\""), ("Int", " = 0"), ("Double", " = 0.5"), ("Bool", " = false"), ("Date", " = Date()"),
            ("UUID", " = UUID()"), ("Data?", ""), ("[String]", " = []"), ("String?", ""), ("Int", ""),
        ]
        for property in 0..<(properties - 2) {
            let (type, value) = kinds[property % kinds.count]
            let attribute = property == 0 && index % 50 == 0 ? "@Attribute(.unique) " : ""
            lines.append("    \(attribute)var p\(property): \(type)\(value)")
        }
        lines.append("    @Relationship(deleteRule: .cascade, inverse: \\Entity\(next).back)")
        lines.append("    var children: [Entity\(next)]?")
        lines.append("    var back: Entity\((index + count - 1) % count)?")
        lines.append("")
        lines.append("    init() {}")
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}
