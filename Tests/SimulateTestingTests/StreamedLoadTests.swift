import Foundation
import SimulateCore
import SimulatePlugins
import Testing

/// Every bundled scenario loads the same with `steps` streamed as from the whole JSON tree.
@Suite struct StreamedLoadTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static let files: [String] = {
        let root = repository.appendingPathComponent("Scenarios").path
        let found = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
        return found.filter { $0.hasSuffix(".json") }.sorted().map { root + "/" + $0 }
    }()

    @Test func theBundledScenariosAreFound() {
        #expect(Self.files.count >= 50)
    }

    @Test(arguments: files)
    func streamedAndWholeTreeLoadsAgree(file: String) throws {
        let loader = ScenarioLoader(registry: PluginRegistry(BuiltinPlugins.all))
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
        let streamed = try loader.load(bytes: bytes, file: file)
        let whole = try loader.loadWholeTree(bytes: bytes, file: file)
        #expect(Array(streamed.steps) == Array(whole.steps))
        #expect(streamed.warnings.map(\.description) == whole.warnings.map(\.description))
        #expect(streamed.document?.root == whole.document?.root)
    }
}
