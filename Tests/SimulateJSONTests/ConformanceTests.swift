import Testing

@testable import SimulateJSON

let backends: [JSONBackend] = [.jsonC, .foundation]

@Suite struct ConformanceTests {
    @Test(arguments: ConformanceCorpus.valid)
    func validInputParsesIdenticallyOnBothBackends(_ input: CorpusCase) throws {
        let viaJSONC = try JSONParser.parse(input.bytes, backend: .jsonC)
        let viaFoundation = try JSONParser.parse(input.bytes, backend: .foundation)
        #expect(viaJSONC.root == viaFoundation.root)
        #expect(JSONWriter.string(viaJSONC.root) == JSONWriter.string(viaFoundation.root))
        #expect(viaJSONC.duplicateKeys == viaFoundation.duplicateKeys)
        #expect(viaJSONC.root == referenceTree(input.bytes))
    }

    @Test(arguments: ConformanceCorpus.invalid)
    func invalidInputIsRejectedIdenticallyOnBothBackends(_ input: CorpusCase) {
        let errors = backends.map { backend in
            #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(input.bytes, backend: backend) }
        }
        guard let first = errors[0] else { return }
        #expect(first.message.contains(input.message), "\(first.message)")
        #expect(errors[1]?.message == first.message)
        #expect(errors[1]?.offset == first.offset)
        #expect(errors[1]?.location == first.location)
    }

    @Test func rfcExampleValues() throws {
        let document = try JSONParser.parse(ConformanceCorpus.valid[0].bytes)
        #expect(document.root["Image"]?["Width"] == .integer(800))
        #expect(document.root["Image"]?["IDs"] == [116, 943, 234, 38793])
        #expect(document.root["Image"]?["Animated"] == false)
        let cities = try JSONParser.parse(ConformanceCorpus.valid[1].bytes).root
        #expect(cities[0]?["Longitude"] == .double(-122.3959))
    }

    @Test(arguments: backends)
    func escapesAndUnicodeDecode(_ backend: JSONBackend) throws {
        let root = try JSONParser.parse(
            #"["\"\\\/\b\f\n\r\t", "\u0041\u00e9\u4e2d\uD834\uDD1E", "a\u0000b"]"#, backend: backend
        ).root
        #expect(root == ["\"\\/\u{8}\u{C}\n\r\t", "Aé中𝄞", "a\u{0}b"])
        #expect(root[2]?.stringValue?.utf8.count == 3)
    }

    @Test(arguments: backends)
    func memberOrderFollowsTheDocument(_ backend: JSONBackend) throws {
        let root = try JSONParser.parse(#"{"z": 1, "a": 2, "m": {"y": true, "b": null}}"#, backend: backend).root
        #expect(root.objectValue?.keys == ["z", "a", "m"])
        #expect(root["m"]?.objectValue?.keys == ["y", "b"])
    }

    @Test(arguments: backends)
    func keyWithEscapedNULSurvives(_ backend: JSONBackend) throws {
        let root = try JSONParser.parse(#"{"a\u0000b": 1, "a": 2}"#, backend: backend).root
        #expect(root.objectValue?.keys == ["a\u{0}b", "a"])
    }

    /// json-c where it is linked (Linux), Foundation on Apple platforms (docs/apple-platforms.md).
    @Test func defaultBackendIsJSONCWhereLinked() {
        #if canImport(CJSONC)
            #expect(JSONBackend.default == .jsonC)
        #else
            #expect(JSONBackend.default == .foundation)
        #endif
    }

    private func referenceTree(_ bytes: [UInt8]) -> JSON? {
        bytes.withUnsafeBufferPointer { buffer in
            guard let summary = try? StrictJSONValidator.validate(buffer) else { return nil }
            var builder = JSONTreeBuilder(base: buffer.baseAddress!, count: buffer.count, rootStart: summary.rootStart)
            return try? builder.build()
        }
    }
}
