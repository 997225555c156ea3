/// Strict RFC 8259 parsing: the validator accepts or rejects the bytes, then a backend builds the tree.
public enum JSONParser {
    /// The document in `bytes` (UTF-8), or the first syntax error with its line and column.
    public static func parse(_ bytes: [UInt8], backend: JSONBackend = .default) throws(JSONSyntaxError) -> JSONDocument
    {
        let outcome = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONSyntaxIssue) in try tree(of: buffer, backend: backend) }
        }
        switch outcome {
        case .success(let (root, duplicates)):
            let locations = SourceLocator.locations(ofOffsets: duplicates.map(\.offset), in: bytes)
            let duplicateKeys = zip(duplicates, locations).map { duplicate, location in
                JSONDuplicateKey(path: duplicate.path, key: duplicate.key, location: location)
            }
            return JSONDocument(root: root, duplicateKeys: duplicateKeys, source: bytes)
        case .failure(let issue):
            let all = [issue] + issue.further
            let locations = SourceLocator.locations(ofOffsets: all.map(\.offset), in: bytes)
            let errors = zip(all, locations).map { issue, location in
                JSONSyntaxError(message: issue.message, offset: issue.offset, location: location)
            }
            var first = errors[0]
            first.furtherErrors = Array(errors.dropFirst())
            throw first
        }
    }

    /// The document in `text`, parsed from its UTF-8 as the byte overload does.
    public static func parse(_ text: String, backend: JSONBackend = .default) throws(JSONSyntaxError) -> JSONDocument {
        try parse(Array(text.utf8), backend: backend)
    }

    private static func tree(
        of buffer: UnsafeBufferPointer<UInt8>, backend: JSONBackend
    ) throws(JSONSyntaxIssue) -> (JSON, [JSONTreeBuilder.Duplicate]) {
        let summary = try StrictJSONValidator.validate(buffer)
        if let root = fastTree(of: buffer, summary: summary, backend: backend) {
            return (root, [])
        }
        var builder = JSONTreeBuilder(base: buffer.baseAddress!, count: buffer.count, rootStart: summary.rootStart)
        let root = try builder.build()
        return (root, builder.duplicates)
    }

    private static func fastTree(
        of buffer: UnsafeBufferPointer<UInt8>, summary: StrictJSONValidator.Summary, backend: JSONBackend
    ) -> JSON? {
        switch backend {
        case .jsonC:
            #if canImport(CJSONC)
                guard !summary.hasKeyWithNUL else { return nil }
                return JSONCBackend.parse(buffer, summary: summary)
            #else
                return FoundationBackend.parse(buffer, summary: summary)
            #endif
        case .foundation:
            return FoundationBackend.parse(buffer, summary: summary)
        case .reference:
            return nil
        }
    }
}
