import SimulateCore
import Testing

@testable import SimulateModel

/// `model.converged` names, for each device that differs from the server at the end, its own
/// differences: edits not exported, objects the server lacks, and the server's objects it lacks.
@Suite struct ConvergenceReportTests {
    static func insert(_ at: String, _ device: String, _ id: String) -> String {
        """
        {"at": "\(at)", "device": "\(device)", "do": "model.insert", "args": {"entity": "Task", "id": "\(id)", "values": {"title": "\(id)"}}}
        """
    }

    /// Two devices offline to the end, each with a task of its own, and one online: each offline
    /// device's report names its own task and the online one's, never the other offline device's.
    @Test func eachDeviceIsJudgedOnItsOwnObjects() throws {
        let text = ModelScenarioSupport.scenario(
            devices: ["phone", "mac", "ipad"],
            faults: """
                [{"at": "500ms", "for": "10m", "device": "phone", "kind": "offline"},
                 {"at": "500ms", "for": "10m", "device": "mac", "kind": "offline"}]
                """,
            steps: "["
                + [
                    Self.insert("1s", "ipad", "bread"), Self.insert("2s", "phone", "milk"),
                    Self.insert("3s", "mac", "eggs"),
                ]
                .joined(separator: ", ") + "]",
            expect: #"[{"invariant": "model.converged"}]"#)
        let result = try ModelScenarioSupport.run(text, seed: 0)
        let converged = try #require(result.expectations.first { $0.name == "model.converged" })
        #expect(!converged.passed)
        let byDevice = Dictionary(grouping: converged.violations, by: { $0.device ?? "" })
        #expect(Set(byDevice.keys) == ["phone", "mac"])
        let phone = try #require(byDevice["phone"]?.first?.message)
        let mac = try #require(byDevice["mac"]?.first?.message)
        #expect(
            phone == "phone differs from the server in 3 ways: 1 changes not yet exported; "
                + #"Task "Task-phone-1" is not on the server; missing Task "Task-ipad-1""#)
        #expect(
            mac == "mac differs from the server in 3 ways: 1 changes not yet exported; "
                + #"Task "Task-mac-1" is not on the server; missing Task "Task-ipad-1""#)
    }
}
