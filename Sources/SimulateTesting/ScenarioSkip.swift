import SimulateCore

extension ScenarioOutcome {
    /// Set when the run was skipped, with the reason: the scenario judges the reference component's
    /// configuration (`"judges": {"reference": …}`) and an app component is selected. Nothing ran;
    /// ``passed`` is true and ``failures`` is empty.
    public var skipped: String? { result?.skipped }
}

extension SweepOutcome {
    /// Set when every run of the sweep was skipped, with the reason (see ``ScenarioOutcome/skipped``).
    public var skipped: String? {
        guard let reason = outcomes.first?.skipped, outcomes.allSatisfy({ $0.skipped != nil }) else { return nil }
        return reason
    }
}

#if canImport(Testing)
    import Testing

    /// How the Swift Testing helpers report a skipped scenario: the test (or, in a parameterized
    /// test, the test case) is cancelled with the reason, which Swift Testing shows as a skip, neither
    /// a pass nor a failure (`Test.cancel(_:sourceLocation:)`, Swift 6.3, ST-0016); a test case also
    /// records the reason as a warning, the one place Swift Testing 6.3 shows it. Before Swift 6.3
    /// the reason is printed and the test passes.
    enum ScenarioSkip {
        static func report(_ outcome: ScenarioOutcome, sourceLocation: SourceLocation) {
            guard let reason = outcome.skipped else { return }
            report(file: outcome.file, reason: reason, sourceLocation: sourceLocation)
        }

        static func report(file: String, reason: String, sourceLocation: SourceLocation) {
            let comment = "skipped \(file): \(reason)"
            #if compiler(>=6.3)
                // Swift Testing 6.3 reports a cancelled case of a parameterized test as passed and does not
                // name it, so the case also records the reason as a warning, which does not fail it.
                if Test.current?.isParameterized == true {
                    Issue.record(Comment(rawValue: comment), severity: .warning, sourceLocation: sourceLocation)
                }
                // Cancelling throws; the helpers do not, so the error is dropped: the test stays cancelled
                // (ST-0016: "Suppressing these errors … does not uncancel a test").
                _ = try? Test.cancel(Comment(rawValue: comment), sourceLocation: sourceLocation)
            #else
                print(comment)
            #endif
        }
    }
#endif

#if canImport(XCTest)
    import XCTest

    /// Throws `XCTSkip` with the reason when the scenario was skipped (see ``ScenarioOutcome/skipped``),
    /// so XCTest reports the test as skipped: `try XCTSkipIfScenarioSkipped(XCTAssertScenarioPasses(…))`.
    /// `XCTAssertScenarioPasses` itself does not throw; it prints the reason.
    public func XCTSkipIfScenarioSkipped(
        _ outcome: ScenarioOutcome, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        guard let reason = outcome.skipped else { return }
        throw XCTSkip("\(outcome.file): \(reason)", file: file, line: line)
    }

    /// The same for a seed sweep (`XCTAssertScenarioPasses(_:seeds:…)`): skipped when every run was, as a
    /// scenario that judges the reference's configuration skips every seed alike.
    public func XCTSkipIfScenarioSkipped(
        _ outcomes: [ScenarioOutcome], file: StaticString = #filePath, line: UInt = #line
    ) throws {
        guard let first = outcomes.first, let reason = first.skipped, outcomes.allSatisfy({ $0.skipped != nil })
        else { return }
        throw XCTSkip("\(first.file): \(reason)", file: file, line: line)
    }
#endif
