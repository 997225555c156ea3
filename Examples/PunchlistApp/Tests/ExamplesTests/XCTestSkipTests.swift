#if canImport(XCTest)
    import Foundation
    import SimulateKit
    import XCTest

    /// From XCTest, a reference-only scenario run with an app component selected is skipped, with
    /// its reason: `XCTAssertScenarioPasses` records no failure, `XCTSkipIfScenarioSkipped` throws XCTSkip.
    final class XCTestSkipTests: XCTestCase {
        func testReferenceOnlyScenarioIsSkippedForAnAppAllocator() throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("xctest-skip-\(UUID())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent("allkeys.json")
            try #"""
            {"format": 1, "name": "allKeys", "judges": {"reference": "the reference saves with allKeys"},
             "duration": "5s", "devices": [{"id": "d01"}],
             "plugins": {"counter": {"allocator": "app", "savePolicy": "allKeys"}},
             "steps": [{"at": "0s", "device": "d01", "do": "counter.next"}],
             "expect": [{"invariant": "counter.unique", "violated": true}]}
            """#.write(to: file, atomically: true, encoding: .utf8)
            let outcome = XCTAssertScenarioPasses(file.path, plugins: [AppComponents.displayIDs()])
            XCTAssertEqual(
                outcome.skipped,
                "counter.allocator selects the app component \"app\", and this scenario judges the reference "
                    + "component's configuration: the reference saves with allKeys")
            XCTAssertThrowsError(try XCTSkipIfScenarioSkipped(outcome)) { error in
                XCTAssertTrue(error is XCTSkip, "\(error)")
            }
            // A sweep: every seed skipped alike.
            let sweep = XCTAssertScenarioPasses(file.path, seeds: 0...2, plugins: [AppComponents.displayIDs()])
            XCTAssertEqual(sweep.count, 3)
            XCTAssertThrowsError(try XCTSkipIfScenarioSkipped(sweep)) { error in
                XCTAssertTrue(error is XCTSkip, "\(error)")
            }
            let ran = XCTAssertScenarioPasses("Scenarios/counter/contention-2-devices.json", seeds: 0...1)
            XCTAssertNoThrow(try XCTSkipIfScenarioSkipped(ran))
        }
    }
#endif
