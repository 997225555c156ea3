import SimulateJSON

/// The three outputs of `model-check`: human lines (`file:line:column: error: message`), one JSON object,
/// and JUnit XML (one test case per loaded type, failures at their declarations).
public enum ModelCheckReport {
    /// One line per input error or finding, `file:line:column: error: message`, then a summary.
    public static func human(_ result: ModelCheckResult) -> String {
        var lines = result.inputErrors.map(\.description)
        guard result.inputErrors.isEmpty else {
            lines.append(
                "model-check: the sources could not be read (\(result.inputErrors.count) errors); nothing was checked")
            return lines.joined(separator: "\n") + "\n"
        }
        lines += result.findings.map(\.line)
        lines.append("Checked: \(result.loadedDescription); types: \(result.loadedTypes.joined(separator: ", ")).")
        if let reason = result.failureReason {
            lines.append(
                "The store would not load with CloudKit: Error Domain=NSCocoaErrorDomain Code=134060 \"A Core Data "
                    + "error occurred.\" NSLocalizedFailureReason=")
            lines.append(reason)
        } else {
            lines.append("The store would load with CloudKit.")
        }
        let (errors, warnings) = (result.errors.count, result.warnings.count)
        lines.append("\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")")
        return lines.joined(separator: "\n") + "\n"
    }

    /// One JSON object: whether the store loads, the failure reason, the findings and the input errors.
    public static func json(_ result: ModelCheckResult) -> String {
        var object = JSONObject()
        object["loads"] = result.inputErrors.isEmpty ? .bool(result.loads) : .null
        object["error"] = result.failureReason.map(JSON.string) ?? .null
        object["loaded"] = .string(result.loadedDescription)
        object["loadedTypes"] = .array(result.loadedTypes.map(JSON.string))
        object["findings"] = .array(
            result.findings.map { finding in
                .object([
                    "file": .string(finding.position.file), "line": .integer(Int64(finding.position.line)),
                    "column": .integer(Int64(finding.position.column)),
                    "entity": finding.entity.map(JSON.string) ?? .null,
                    "property": finding.property.map(JSON.string) ?? .null, "rule": .string(finding.rule),
                    "severity": .string(finding.severity.rawValue), "message": .string(finding.message),
                ])
            })
        object["inputErrors"] = .array(
            result.inputErrors.map { error in
                .object([
                    "file": .string(error.position?.file ?? error.path ?? ""),
                    "line": error.position.map { .integer(Int64($0.line)) } ?? .null,
                    "column": error.position.map { .integer(Int64($0.column)) } ?? .null,
                    "message": .string(error.message),
                ])
            })
        return JSONWriter.string(.object(object), pretty: true) + "\n"
    }

    /// One suite `model-check`; a test case per loaded type (failures: its error findings) and one per
    /// warning-bearing rule elsewhere; input errors fail a case named `sources`.
    public static func junit(_ result: ModelCheckResult) -> String {
        struct Case {
            var name: String
            var failures: [String] = []
            var output: [String] = []
        }
        var cases: [Case] = []
        if !result.inputErrors.isEmpty {
            cases.append(Case(name: "sources", failures: result.inputErrors.map(\.description)))
        }
        for type in result.loadedTypes {
            let mine = result.findings.filter { $0.entity == type }
            cases.append(
                Case(
                    name: type, failures: mine.filter { $0.severity == .error }.map(\.line),
                    output: mine.filter { $0.severity == .warning }.map(\.line)))
        }
        for finding in result.findings where !result.loadedTypes.contains(finding.entity ?? "") {
            let line = [finding.line]
            cases.append(
                Case(
                    name: "\(finding.rule) \(finding.position)", failures: finding.severity == .error ? line : [],
                    output: finding.severity == .warning ? line : []))
        }
        if result.inputErrors.isEmpty {
            cases.append(Case(name: "store loads with CloudKit", failures: result.failureReason.map { [$0] } ?? []))
        }
        let failures = cases.filter { !$0.failures.isEmpty }.count
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites tests=\"\(cases.count)\" failures=\"\(failures)\">\n"
        xml += "  <testsuite name=\"model-check\" tests=\"\(cases.count)\" failures=\"\(failures)\">\n"
        for item in cases {
            xml += "    <testcase classname=\"model-check\" name=\"\(escape(item.name))\""
            if item.failures.isEmpty && item.output.isEmpty {
                xml += "/>\n"
                continue
            }
            xml += ">\n"
            if let first = item.failures.first {
                xml +=
                    "      <failure message=\"\(escape(first))\">"
                    + escape(item.failures.joined(separator: "\n")) + "</failure>\n"
            }
            if !item.output.isEmpty {
                xml += "      <system-out>\(escape(item.output.joined(separator: "\n")))</system-out>\n"
            }
            xml += "    </testcase>\n"
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    private static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: result.append(character)
            }
        }
        return result
    }
}
