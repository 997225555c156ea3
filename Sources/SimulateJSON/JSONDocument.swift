/// A parsed JSON text together with its source bytes, which answer location questions on demand.
public struct JSONDocument: Sendable {
    public let root: JSON
    /// Every repeated key, in document order.
    public let duplicateKeys: [JSONDuplicateKey]
    let source: [UInt8]

    init(root: JSON, duplicateKeys: [JSONDuplicateKey], source: [UInt8]) {
        self.root = root
        self.duplicateKeys = duplicateKeys
        self.source = source
    }

    /// Where the value at `path` starts; for a repeated key, the first occurrence (the one `root` holds).
    public func location(of path: JSONPath) -> SourceLocation? {
        guard let offset = SourceLocator.offset(of: path, in: source) else { return nil }
        return location(ofOffset: offset)
    }

    public func location(ofOffset offset: Int) -> SourceLocation {
        SourceLocator.locations(ofOffsets: [offset], in: source)[0]
    }
}
