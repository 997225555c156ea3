/// The elements of one array in a validated document, parsed one bounded slice at a time
/// (`JSONParser.parse(_:streaming:)`): each element's tree is built, handed over, and dropped.
public struct JSONArrayStream: Sendable {
    let source: [UInt8]
    /// Where the array is in the document.
    public let path: JSONPath
    let range: Range<Int>
    let backend: JSONBackend
    /// A member name in the document holds U+0000 (json-c's names end there): no quick elements.
    let keysHoldNUL: Bool
    /// Elements parsed at once: a bounded slice, however long the array.
    static let batchSize = 128

    /// One element: its value, and where its members' values start in the source.
    public struct Element {
        public let index: Int
        public let value: JSON
        let offset: Int
        let source: [UInt8]
        let backend: JSONBackend

        /// The member `key` of this element (an object), to be parsed again from the source when needed.
        public func member(_ key: String) -> JSONSourceValue? {
            source.withUnsafeBufferPointer { buffer -> Int? in
                var cursor = ValidatedJSONCursor(base: buffer.baseAddress!, count: buffer.count, index: offset)
                guard cursor.byte == UInt8(ascii: "{") else { return nil }
                return SourceLocator.seekMember(key, &cursor) ? cursor.index : nil
            }.map { JSONSourceValue(source: source, offset: $0, backend: backend) }
        }
    }

    /// The value that starts at `offset` (from `JSONSourceValue.offset`), to be parsed when it is read.
    public func value(atOffset offset: Int) -> JSONSourceValue {
        JSONSourceValue(source: source, offset: offset, backend: backend)
    }

    /// Calls `body` with each element in order and returns the keys repeated inside the elements. Throws the
    /// first number out of range, as `JSONParser.parse` would. `quick` is offered each element first, read
    /// straight from the parser's tree where it can be; when it returns true, `body` is not called for it.
    public func forEach(
        quick: (JSONQuickElement) -> Bool = { _ in false }, _ body: (Element) -> Void
    ) throws(JSONSyntaxError) -> [JSONDuplicateKey] {
        var duplicates: [JSONTreeBuilder.Duplicate] = []
        let outcome = source.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONSyntaxIssue) in
                let base = buffer.baseAddress!
                let slices = JSONSliceParser(base: base, backend: backend)
                var cursor = ValidatedJSONCursor(base: base, count: range.upperBound, index: range.lowerBound + 1)
                cursor.skipWhitespace()
                guard cursor.byte != UInt8(ascii: "]") else { return }
                // Elements go to json-c a batch at a time; an element it cannot be trusted with, on its own.
                var index = 0
                var ranges: [Range<Int>] = []
                var memberCounts: [(own: Int, all: Int)] = []
                ranges.reserveCapacity(Self.batchSize)
                memberCounts.reserveCapacity(Self.batchSize)
                var more = true
                while more {
                    ranges.removeAll(keepingCapacity: true)
                    memberCounts.removeAll(keepingCapacity: true)
                    repeat {
                        let start = cursor.index
                        memberCounts.append(cursor.skipValueCountingMembers())
                        ranges.append(start..<cursor.index)
                        more = cursor.skipSeparator()
                    } while more && ranges.count < Self.batchSize
                    let batch = slices.parseBatch(ranges)
                    defer { if let batch { slices.freeBatch(batch) } }
                    for (position, range) in ranges.enumerated() {
                        defer { index += 1 }
                        if let batch, !keysHoldNUL,
                            quick(
                                JSONQuickElement(
                                    index: index, range: range, sourceMemberCount: memberCounts[position].own,
                                    object: slices.object(position, of: batch), base: base))
                        {
                            continue
                        }
                        let value: JSON
                        if let batch,
                            let converted = slices.element(
                                position, of: batch, range: range,
                                memberCount: keysHoldNUL ? nil : memberCounts[position].all)
                        {
                            value = converted
                        } else {
                            let (parsed, repeated) = try slices.parse(range, path: path.components + [.index(index)])
                            duplicates += repeated
                            value = parsed
                        }
                        body(
                            Element(
                                index: index, value: value, offset: range.lowerBound, source: source, backend: backend))
                    }
                }
            }
        }
        if case .failure(let error) = outcome {
            let location = SourceLocator.locations(ofOffsets: [error.offset], in: source)[0]
            throw JSONSyntaxError(message: error.message, offset: error.offset, location: location)
        }
        let locations = SourceLocator.locations(ofOffsets: duplicates.map(\.offset), in: source)
        return zip(duplicates, locations).map { duplicate, location in
            JSONDuplicateKey(path: duplicate.path, key: duplicate.key, location: location)
        }
    }
}

/// A value inside a validated document, parsed from the source each time it is read: a big document's parts
/// are kept as offsets rather than trees.
public struct JSONSourceValue: Sendable {
    let source: [UInt8]
    /// Where the value starts in the document.
    public let offset: Int
    let backend: JSONBackend

    public var value: JSON {
        source.withUnsafeBufferPointer { buffer -> JSON in
            let base = buffer.baseAddress!
            var cursor = ValidatedJSONCursor(base: base, count: buffer.count, index: offset)
            cursor.skipValue()
            let slices = JSONSliceParser(base: base, backend: backend, depth: cursor.index - offset)
            // Parsed without error once already, so it cannot fail now.
            return (try? slices.parse(offset..<cursor.index, path: []).0) ?? .null
        }
    }
}
