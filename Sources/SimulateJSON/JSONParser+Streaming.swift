extension JSONParser {
    /// Parses like `parse(_:backend:)`, except that when the text is an object whose member `member` is an
    /// array, that array is not built: `root` holds `[]` in its place, and the returned stream parses its
    /// elements one bounded slice at a time, so that a big array is never in memory as a tree. Every other
    /// member is built slice by slice too. Errors are those of `parse(_:backend:)`, at the same places; a number
    /// out of range inside the streamed array is thrown by the stream.
    public static func parse(
        _ bytes: [UInt8], streaming member: String, backend: JSONBackend = .default
    ) throws(JSONSyntaxError) -> (document: JSONDocument, root: JSON, stream: JSONArrayStream?) {
        let outcome = bytes.withUnsafeBufferPointer { buffer -> TopLevel? in
            guard let base = buffer.baseAddress, let summary = try? StrictJSONValidator.validate(buffer),
                base[summary.rootStart] == UInt8(ascii: "{")
            else { return nil }
            // A number out of range anywhere: the whole parse reports the first one, in text order.
            return try? TopLevel.read(base: base, summary: summary, streaming: member, backend: backend)
        }
        guard let outcome else {
            let document = try parse(bytes, backend: backend)
            return (document, document.root, nil)
        }
        let locations = SourceLocator.locations(ofOffsets: outcome.duplicates.map(\.offset), in: bytes)
        let duplicateKeys = zip(outcome.duplicates, locations).map { duplicate, location in
            JSONDuplicateKey(path: duplicate.path, key: duplicate.key, location: location)
        }
        let document = JSONDocument(
            root: .object(outcome.object), duplicateKeys: duplicateKeys, source: bytes,
            isComplete: outcome.streamed == nil, backend: backend)
        let stream = outcome.streamed.map { range in
            JSONArrayStream(
                source: bytes, path: JSONPath([.key(member)]), range: range, backend: backend,
                keysHoldNUL: outcome.keysHoldNUL)
        }
        return (document, .object(outcome.object), stream)
    }

    /// The members of a top-level object, each value parsed as its own slice.
    private struct TopLevel {
        var object = JSONObject()
        var duplicates: [JSONTreeBuilder.Duplicate] = []
        var streamed: Range<Int>?
        var keysHoldNUL = false

        static func read(
            base: UnsafePointer<UInt8>, summary: StrictJSONValidator.Summary, streaming member: String,
            backend: JSONBackend
        ) throws(JSONSyntaxIssue) -> TopLevel {
            var result = TopLevel()
            result.keysHoldNUL = summary.hasKeyWithNUL
            let slices = JSONSliceParser(base: base, backend: backend)
            var cursor = ValidatedJSONCursor(base: base, count: summary.rootEnd, index: summary.rootStart + 1)
            var seen: Set<CodeUnitKey> = []
            cursor.skipWhitespace()
            guard cursor.byte != UInt8(ascii: "}") else { return result }
            var memberNumber = 0
            repeat {
                let keyOffset = cursor.index
                let key = cursor.decodeString()
                _ = cursor.skipSeparator()
                let start = cursor.index
                let isFirst = seen.insert(CodeUnitKey(key)).inserted
                // The strict scan has found where the value ends: a big array is not scanned again here.
                precondition(memberNumber < summary.rootMemberEnds.count, "a root member the strict scan did not see")
                cursor.index = summary.rootMemberEnds[memberNumber]
                memberNumber += 1
                let value: JSON
                if isFirst, result.streamed == nil, key.hasSameCodeUnits(as: member), base[start] == UInt8(ascii: "[") {
                    result.streamed = start..<cursor.index
                    value = .array([])
                } else {
                    let (parsed, duplicates) = try slices.parse(start..<cursor.index, path: [.key(key)])
                    value = parsed
                    result.duplicates += duplicates
                }
                if isFirst {
                    result.object.append(key: key, value: value)
                } else {
                    result.duplicates.append(
                        JSONTreeBuilder.Duplicate(path: JSONPath([.key(key)]), key: key, offset: keyOffset))
                }
            } while cursor.skipSeparator()
            return result
        }
    }
}
