#if canImport(CJSONC)
    import CJSONC
#endif

/// Builds the tree of one value inside bytes the strict validator has already accepted, so that a big document
/// can be read a bounded slice at a time. The fast backend builds it when it can, `JSONTreeBuilder` when it
/// cannot (repeated keys, clamped integers, numbers out of range), exactly as `JSONParser` does for a whole text.
/// Offsets and duplicate paths are those of the whole document. Not copyable: the one json-c tokener it
/// owns is freed when it goes out of scope.
struct JSONSliceParser: ~Copyable {
    let base: UnsafePointer<UInt8>
    let backend: JSONBackend
    #if canImport(CJSONC)
        /// One json-c tokener for every slice (reset before each).
        private let tokener: UnsafeMutablePointer<json_tokener>?
    #endif

    /// `depth`: a bound on how deep the slices nest (their length is one); json-c's tokener is made that deep.
    init(base: UnsafePointer<UInt8>, backend: JSONBackend, depth: Int = StrictJSONValidator.maximumDepth) {
        self.base = base
        self.backend = backend
        #if canImport(CJSONC)
            let depth = min(depth, StrictJSONValidator.maximumDepth) + 2
            tokener = backend == .jsonC ? json_tokener_new_ex(Int32(depth)) : nil
        #endif
    }

    deinit {
        #if canImport(CJSONC)
            if let tokener { json_tokener_free(tokener) }
        #endif
    }

    /// The value in `range` (validated bytes), whose path in the document is `path`.
    func parse(
        _ range: Range<Int>, path: @autoclosure () -> [JSONPath.Component]
    ) throws(JSONSyntaxIssue) -> (JSON, [JSONTreeBuilder.Duplicate]) {
        let slice = StrictJSONValidator.Summary(
            rootStart: range.lowerBound, rootEnd: range.upperBound, objectMemberCount: -1, hasKeyWithNUL: false)
        if let value = fastTree(slice) { return (value, []) }
        var builder = JSONTreeBuilder(base: base, count: range.upperBound, rootStart: range.lowerBound, path: path())
        let value = try builder.build()
        return (value, builder.duplicates)
    }

    /// The elements at `ranges`, consecutive elements of one array, parsed by json-c in one call: its array,
    /// which the caller frees with `freeBatch`; nil when the backend is not json-c or did not parse them so.
    func parseBatch(_ ranges: [Range<Int>]) -> OpaquePointer? {
        #if canImport(CJSONC)
            guard backend == .jsonC, let tokener else { return nil }
            return JSONCBackend.parseBatch(base: base, ranges: ranges, tokener: tokener)
        #else
            return nil
        #endif
    }

    /// The element at `position` of a batch, as a `JSON`; nil when json-c's tree cannot be trusted for it.
    /// `memberCount`: the members the element holds at any depth, when no name in the document holds U+0000
    /// (then json-c's tree is converted without walking the source).
    func element(_ position: Int, of batch: OpaquePointer, range: Range<Int>, memberCount: Int?) -> JSON? {
        #if canImport(CJSONC)
            let object = json_object_array_get_idx(batch, position)
            if let memberCount { return JSONCBackend.convertDirectly(object, memberCount: memberCount) }
            return JSONCBackend.convert(object, base: base, range: range)
        #else
            return nil
        #endif
    }

    /// json-c's value for the element at `position` of a batch.
    func object(_ position: Int, of batch: OpaquePointer) -> OpaquePointer? {
        #if canImport(CJSONC)
            return json_object_array_get_idx(batch, position)
        #else
            return nil
        #endif
    }

    func freeBatch(_ batch: OpaquePointer) {
        #if canImport(CJSONC)
            json_object_put(batch)
        #endif
    }

    private func fastTree(_ slice: StrictJSONValidator.Summary) -> JSON? {
        switch backend {
        case .jsonC:
            #if canImport(CJSONC)
                guard let tokener else { return nil }
                return JSONCBackend.parse(base: base, slice: slice, tokener: tokener)
            #else
                return FoundationBackend.parse(UnsafeBufferPointer(start: base, count: slice.rootEnd), summary: slice)
            #endif
        case .foundation:
            return FoundationBackend.parse(UnsafeBufferPointer(start: base, count: slice.rootEnd), summary: slice)
        case .reference:
            return nil
        }
    }
}
