import SimulateCore

/// `--junit PATH`: JUnit XML as Jenkins, GitHub Actions reporters and GitLab read it.
///
/// One `<testsuite>` per scenario file, one `<testcase>` per scenario × seed. An unmet expectation
/// is a `<failure>`, a broken run or an invalid file an `<error>`; both carry what went wrong and
/// the replay command. A skipped run is a `<skipped message="…"/>` with the reason. No `time` or `timestamp` attributes are written: simulated time is not
/// wall time, and leaving them out keeps the file byte-identical across runs.
package struct JUnitReport {
    private struct Case {
        package var name: String
        package var classname: String
        package var file: String
        /// `failure` or `error`, with its message, type and text; `skipped` with its message alone.
        package var problem: (element: String, message: String, type: String, text: String)?
    }

    private var files: [String] = []
    private var cases: [String: [Case]] = [:]

    /// A file whose cases will follow; suites appear in the order files are announced.
    package mutating func announce(file: String) {
        if cases[file] == nil {
            files.append(file)
            cases[file] = []
        }
    }

    package mutating func add(_ result: RunResult) {
        let file = result.file ?? result.scenario
        announce(file: file)
        var testCase = Case(
            name: "\(result.scenario) [seed \(result.seed)]", classname: Self.classname(file), file: file)
        if let reason = result.skipped {
            testCase.problem = ("skipped", reason, "", "")
        } else if let failure = result.failure {
            testCase.problem = (
                "error", "run broke: \(failure.message)", "broken",
                "run broke at \(DurationFormat.secondsText(failure.at)): \(failure.message)\n"
                    + "replay: \(result.replayCommand)"
            )
        } else if !result.passed {
            let failed = result.expectations.filter { !$0.passed }
            let lines = failed.flatMap(HumanReport(terminal: Terminal(colors: false)).describe)
            testCase.problem = (
                "failure", "\(failed.count) expectation(s) not met: " + failed.map(\.name).joined(separator: ", "),
                failed.map(\.name).joined(separator: " "),
                lines.joined(separator: "\n") + "\nreplay: \(result.replayCommand)"
            )
        }
        cases[file, default: []].append(testCase)
    }

    /// An expectation judged over a whole sweep: one case, a `<failure>` when no seed met it.
    package mutating func add(_ verdict: SweepVerdict) {
        announce(file: verdict.file)
        var testCase = Case(
            name: "sweep of \(verdict.seeds.count) seed(s): \(verdict.wanted) with at least one seed",
            classname: Self.classname(verdict.file), file: verdict.file)
        if !verdict.passed {
            testCase.problem = ("failure", verdict.summary, "sweep", verdict.summary)
        }
        cases[verdict.file, default: []].append(testCase)
    }

    /// A file that could not be loaded: one case with an `<error>` listing every diagnostic.
    package mutating func addInvalid(file: String, error: ScenarioError) {
        addInvalid(file: file, errors: error.diagnostics.map(\.description))
    }

    /// The same, from each diagnostic's text (a run report's `invalid` entry).
    package mutating func addInvalid(file: String, errors: [String]) {
        announce(file: file)
        cases[file, default: []].append(
            Case(
                name: "\(file) (invalid scenario)", classname: Self.classname(file), file: file,
                problem: ("error", errors.first ?? "invalid scenario", "invalid", errors.joined(separator: "\n"))))
    }

    package var text: String {
        let all = files.flatMap { cases[$0] ?? [] }
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            "<testsuites name=\"simulate\"\(counts(all))>",
        ]
        for file in files {
            let suite = cases[file] ?? []
            lines.append(
                "  <testsuite name=\"\(MarkupEscaping.escape(file))\"\(counts(suite, skipped: true))"
                    + " file=\"\(MarkupEscaping.escape(file))\">")
            for testCase in suite { lines += self.lines(testCase) }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    private func counts(_ suite: [Case], skipped showsSkipped: Bool = false) -> String {
        let failures = suite.filter { $0.problem?.element == "failure" }.count
        let errors = suite.filter { $0.problem?.element == "error" }.count
        let skipped = suite.filter { $0.problem?.element == "skipped" }.count
        return " tests=\"\(suite.count)\" failures=\"\(failures)\" errors=\"\(errors)\""
            + (showsSkipped ? " skipped=\"\(skipped)\"" : "")
    }

    private func lines(_ testCase: Case) -> [String] {
        let open =
            "    <testcase name=\"\(MarkupEscaping.escape(testCase.name))\""
            + " classname=\"\(MarkupEscaping.escape(testCase.classname))\" file=\"\(MarkupEscaping.escape(testCase.file))\""
        guard let problem = testCase.problem else { return [open + "/>"] }
        if problem.element == "skipped" {
            return [
                open + ">", "      <skipped message=\"\(MarkupEscaping.escape(problem.message))\"/>", "    </testcase>",
            ]
        }
        return [
            open + ">",
            "      <\(problem.element) message=\"\(MarkupEscaping.escape(problem.message))\""
                + " type=\"\(MarkupEscaping.escape(problem.type))\">\(MarkupEscaping.escape(problem.text))</\(problem.element)>",
            "    </testcase>",
        ]
    }

    /// `Scenarios/sse/offline.json` → `Scenarios.sse.offline`: reporters split class names at dots.
    package static func classname(_ file: String) -> String {
        var name = file.hasSuffix(".json") ? String(file.dropLast(5)) : file
        while name.hasPrefix("./") || name.hasPrefix("/") { name.removeFirst(name.hasPrefix("/") ? 1 : 2) }
        return name.replacingOccurrences(of: "/", with: ".")
    }
}
