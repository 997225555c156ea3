import SimulateJSON

/// The words around a shrink: the minimal scenario's description, what was removed, a test stub.
public enum ShrinkSummary {
    static func description(
        file: String?, name: String, originalSeed: UInt64, original: ScenarioSize, signature: FailureSignature,
        example: String?
    ) -> String {
        let source = file.map { "\($0) (\"\(name)\")" } ?? "\"\(name)\""
        return
            "Shrunk by simulate shrink from \(source) with seed \(originalSeed), which had \(original.devices) "
            + "devices, \(original.stepOccurrences) step occurrences and \(original.faultOccurrences) fault "
            + "occurrences\(original.generatesFaults ? " plus generated faults" : ""). What still fails: "
            + "\(signature)" + (example.map { " (here: \($0))" } ?? "") + "."
    }

    static func removed(
        from original: ScenarioDocument, to minimal: ScenarioDocument, originalSeed: UInt64, seed: UInt64
    ) -> [String] {
        var lines: [String] = []
        let keptDevices = Set(minimal.deviceIDs)
        let gone = original.deviceIDs.filter { !keptDevices.contains($0) }
        if !gone.isEmpty { lines.append("devices: removed \(gone.count) (\(list(gone)))") }
        if original.generatesFaults { lines.append("faults.generate: replaced by the faults it drew for the seed") }
        for (label, before, after) in [
            ("steps", original.steps, minimal.steps), ("faults", original.faults, minimal.faults),
        ] where before != after {
            let occurrencesBefore = before.reduce(0) { $0 + ScenarioDocument.occurrences($1) }
            let occurrencesAfter = after.reduce(0) { $0 + ScenarioDocument.occurrences($1) }
            lines.append(
                "\(label): \(before.count) → \(after.count) items, \(occurrencesBefore) → \(occurrencesAfter) "
                    + "occurrences with repeats")
        }
        let expectations = (original.expectations?.count, minimal.expectations?.count)
        if expectations.0 != expectations.1 {
            lines.append(
                "expect: \(expectations.0.map(String.init) ?? "every invariant") → "
                    + "\(expectations.1.map(String.init) ?? "every invariant") (only the failing one is kept)")
        }
        if original.root["network"] != nil && minimal.root["network"] == nil {
            lines.append("network: removed (default links)")
        }
        if original.duration != minimal.duration {
            lines.append(
                "duration: \(DurationFormat.string(original.duration)) → "
                    + DurationFormat.string(minimal.duration))
        }
        if seed != originalSeed { lines.append("seed: \(originalSeed) → \(seed) (a nearby seed fails with less)") }
        return lines
    }

    private static func list(_ ids: [String]) -> String {
        ids.count <= 8 ? ids.joined(separator: ", ") : ids.prefix(8).joined(separator: ", ") + ", …"
    }

    /// A Swift Testing test that runs the minimal scenario; it fails until the bug is fixed. `plugins`:
    /// the Swift expressions of the plugins of your own it needs (`TeamPlugin()`), passed to the check;
    /// `modules`: the modules that declare them, imported.
    public static func testStub(path: String, name: String, plugins: [String] = [], modules: [String] = []) -> String {
        let identifier = testName(name)
        let pluginsArgument = plugins.isEmpty ? "" : ", plugins: [\(plugins.joined(separator: ", "))]"
        let imports = Set(modules).subtracting(["SimulateTesting", "Testing"]).sorted().map { "import " + $0 + "\n" }
        return imports.joined() + """
            import SimulateTesting
            import Testing

            @Test func \(identifier)() {
                ScenarioExpectations.check(file: \(JSONWriter.string(.string(path)))\(pluginsArgument))
            }
            """
    }

    /// `counter: the allKeys hazard (shrunk)` → `counterTheAllKeysHazardShrunk`.
    static func testName(_ name: String) -> String {
        let words = name.split { !($0.isLetter || $0.isNumber) || !$0.isASCII }
        var result = ""
        for (index, word) in words.enumerated() {
            result +=
                index == 0
                ? word.prefix(1).lowercased() + word.dropFirst() : word.prefix(1).uppercased() + word.dropFirst()
        }
        if result.isEmpty || result.first!.isNumber { result = "scenario" + result }
        return result
    }
}
