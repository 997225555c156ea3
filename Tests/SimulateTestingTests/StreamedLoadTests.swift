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

    /// A generated file of several parse batches: steps in the quick shape, steps the general decoder reads
    /// (numbers, `repeat`), a repeated key that sends its batch back to one-by-one parsing, and steps
    /// without `args` that break the action's device rule (the reused decoded action still reports each).
    static func generated(broken: Bool) -> String {
        let steps = (0..<300).map { index -> String in
            let device = ["ph", "ta"][index % 2]
            switch index {
            case 7: return #"{"at": 0.25, "device": "ph", "do": "sse.add", "args": {"text": "bare"}}"#
            case 9: return #"{"at": "1s", "device": "ta", "do": "sse.relaunch", "repeat": {"every": "1s", "count": 2}}"#
            case 150 where broken: return #"{"at": "2s", "device": "ph", "do": "sse.relaunch", "at": "3s"}"#
            case 5, 200:
                return broken
                    ? #"{"at": "4s", "do": "sse.relaunch"}"# : #"{"at": "4s", "device": "ph", "do": "sse.relaunch"}"#
            case 260 where broken: return #"{"at": "4s", "device": "ph", "do": "sse.add", "args": {"text": 1}}"#
            default:
                return index % 3 == 0
                    ? #"{"at":"\#(index)ms","device":"\#(device)","do":"sse.add","args":{"text":"item \#(index)"}}"#
                    : #"{"at":"\#(index)ms","device":"\#(device)","do":"sse.relaunch"}"#
            }
        }
        return #"""
            {"format": 1, "name": "batches", "duration": "10s", "devices": [{"id": "ph"}, {"id": "ta"}],
             "plugins": {"sse": {}}, "steps": [
            \#(steps.joined(separator: ",\n"))
            ]}
            """#
    }

    @Test func streamedBatchesAgreeWithTheWholeTree() throws {
        let loader = ScenarioLoader(registry: PluginRegistry(BuiltinPlugins.all))
        let bytes = Array(Self.generated(broken: false).utf8)
        let streamed = try loader.load(bytes: bytes, file: "generated.json")
        let whole = try loader.loadWholeTree(bytes: bytes, file: "generated.json")
        #expect(streamed.steps.count == 300)
        #expect(Array(streamed.steps) == Array(whole.steps))
        #expect(streamed.warnings.map(\.description) == whole.warnings.map(\.description))
    }

    @Test func streamedBatchesReportWhatTheWholeTreeReports() {
        let loader = ScenarioLoader(registry: PluginRegistry(BuiltinPlugins.all))
        let bytes = Array(Self.generated(broken: true).utf8)
        func errors(_ load: () throws(ScenarioError) -> Scenario) -> [String] {
            do {
                _ = try load()
                return []
            } catch {
                return error.diagnostics.map(\.description)
            }
        }
        let streamed = errors { () throws(ScenarioError) in try loader.load(bytes: bytes, file: "generated.json") }
        let whole = errors { () throws(ScenarioError) in try loader.loadWholeTree(bytes: bytes, file: "generated.json")
        }
        #expect(streamed == whole)
        #expect(streamed.count == 4)
        #expect(streamed.filter { $0.contains("/steps/5:") || $0.contains("/steps/200:") }.count == 2)
        #expect(streamed.contains { $0.contains("/steps/150/at") && $0.contains("duplicate key") })
        #expect(streamed.contains { $0.contains("/steps/260/args/text") })
    }
}
