/// A parsed JSON text together with its source bytes, which answer location questions on demand.
public struct JSONDocument: Sendable {
    private let storedRoot: JSON
    /// False when a streamed member (`JSONParser.parse(_:streaming:)`) stands in `storedRoot` as `[]`.
    private let isComplete: Bool
    private let backend: JSONBackend
    /// Every repeated key, in document order (for a streamed document, those outside the streamed member).
    public let duplicateKeys: [JSONDuplicateKey]
    let source: [UInt8]

    init(
        root: JSON, duplicateKeys: [JSONDuplicateKey], source: [UInt8], isComplete: Bool = true,
        backend: JSONBackend = .default
    ) {
        self.storedRoot = root
        self.duplicateKeys = duplicateKeys
        self.source = source
        self.isComplete = isComplete
        self.backend = backend
    }

    /// The whole tree. For a streamed document it is built again from the source on each call (the streamed
    /// member was never held in full): read it once, and only where the whole tree is needed.
    public var root: JSON {
        guard !isComplete else { return storedRoot }
        return (try? JSONParser.parse(source, backend: backend).root) ?? storedRoot
    }

    /// Where the value at `path` starts; for a repeated key, the first occurrence (the one `root` holds).
    public func location(of path: JSONPath) -> SourceLocation? {
        guard let offset = SourceLocator.offset(of: path, in: source) else { return nil }
        return location(ofOffset: offset)
    }

    /// Where the values at `paths` start, each as ``location(of:)`` says, found together: linear in the
    /// document and the number of paths (one pass per array on the way, one pass to count lines).
    public func locations(of paths: [JSONPath]) -> [SourceLocation?] {
        let offsets = SourceLocator.offsets(of: paths, in: source)
        let found = offsets.compactMap { $0 }
        var located = SourceLocator.locations(ofOffsets: found, in: source).makeIterator()
        return offsets.map { $0 == nil ? nil : located.next() }
    }

    public func location(ofOffset offset: Int) -> SourceLocation {
        SourceLocator.locations(ofOffsets: [offset], in: source)[0]
    }
}
