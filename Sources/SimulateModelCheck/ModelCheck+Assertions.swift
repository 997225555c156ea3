import Foundation

extension ModelCheck {
    /// The problems that stop a store from loading with CloudKit (every error finding, and input errors),
    /// each `file:line:column: error: message`, followed by the Code=134060 failure reason; empty when it loads.
    public static func loadProblems(_ result: ModelCheckResult, warningsAsErrors: Bool = false) -> [String] {
        var problems = result.inputErrors.map(\.description)
        problems += result.findings.filter { $0.severity == .error || warningsAsErrors }.map(\.line)
        if let reason = result.failureReason {
            problems.append("Code=134060 NSLocalizedFailureReason=\n\(reason)")
        }
        return problems
    }
}

#if canImport(Testing)
    import Testing

    extension ModelCheck {
        /// Records an issue (Swift Testing) unless the sources' store would load with CloudKit:
        /// `ModelCheck.assertLoadsWithCloudKit(sources: ["Sources/App/Models"])`. Relative paths are taken
        /// from the package root (the folder above `Tests/`), found from `#filePath`.
        @discardableResult
        public static func assertLoadsWithCloudKit(
            sources: [String], options: Options = Options(), warningsAsErrors: Bool = false,
            filePath: StaticString = #filePath, sourceLocation: SourceLocation = #_sourceLocation
        ) -> ModelCheckResult {
            let result = check(paths: resolve(sources, from: filePath), options: options)
            for problem in loadProblems(result, warningsAsErrors: warningsAsErrors) {
                Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
            }
            return result
        }
    }
#endif

#if canImport(XCTest)
    import XCTest

    extension ModelCheck {
        /// `XCTAssert` form of ``assertLoadsWithCloudKit(sources:options:warningsAsErrors:filePath:sourceLocation:)``.
        @discardableResult
        public static func XCTAssertLoadsWithCloudKit(
            sources: [String], options: Options = Options(), warningsAsErrors: Bool = false,
            file: StaticString = #filePath, line: UInt = #line
        ) -> ModelCheckResult {
            let result = check(paths: resolve(sources, from: file), options: options)
            for problem in loadProblems(result, warningsAsErrors: warningsAsErrors) {
                XCTFail(problem, file: file, line: line)
            }
            return result
        }
    }
#endif

extension ModelCheck {
    /// Relative paths from the package root: the folder above the `Tests` folder that holds `filePath`,
    /// else the current directory.
    static func resolve(_ paths: [String], from filePath: StaticString) -> [String] {
        var folder = URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent()
        var root: URL?
        while folder.path != "/" {
            if folder.lastPathComponent == "Tests" {
                root = folder.deletingLastPathComponent()
                break
            }
            folder = folder.deletingLastPathComponent()
        }
        guard let root else { return paths }
        // `../Shared/Models` is shown as the folder it names, not as `<root>/../Shared/Models`.
        return paths.map { $0.hasPrefix("/") ? $0 : root.appendingPathComponent($0).standardizedFileURL.path }
    }
}
