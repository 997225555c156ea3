#if canImport(CJSONC)
    import CJSONC

    /// Parses validated bytes with json-c and converts its tree. json-c 0.16 turns some valid surrogate-pair escapes
    /// into U+FFFD (every high surrogate whose low six bits are 0x36 or 0x37, such as `"\uD836\uDC00"`, U+1D800):
    /// where the scanner has counted the members, the tree is converted directly and a string holding U+FFFD
    /// makes it untrusted (`DirectConverter`); elsewhere the converter walks the source alongside and decodes
    /// strings and member names from the validated bytes.
    /// Returns nil when the json-c tree cannot be trusted (a key repeats, a clamped integer, an infinite double),
    /// and the caller then builds the tree with `JSONTreeBuilder`.
    enum JSONCBackend {
        static func parse(_ bytes: UnsafeBufferPointer<UInt8>, summary: StrictJSONValidator.Summary) -> JSON? {
            guard let base = bytes.baseAddress,
                // As deep as the document nests: json-c clears the whole stack it is given, on every parse.
                let tokener = json_tokener_new_ex(Int32(summary.deepest + 2))
            else { return nil }
            defer { json_tokener_free(tokener) }
            return parse(base: base, slice: summary, tokener: tokener)
        }

        /// The value from `slice.rootStart` to `slice.rootEnd` with a tokener of the validator's depth (reset
        /// here). With `objectMemberCount` (and no key holding `\u0000`), json-c's tree is converted directly;
        /// a negative count is not checked: the converter's walk alongside the source notices members json-c
        /// merged (a repeated key, or keys equal up to a `\u0000`).
        static func parse(
            base: UnsafePointer<UInt8>, slice summary: StrictJSONValidator.Summary,
            tokener: UnsafeMutablePointer<json_tokener>
        ) -> JSON? {
            json_tokener_reset(tokener)
            json_tokener_set_flags(tokener, Int32(JSON_TOKENER_STRICT))

            let length = summary.rootEnd - summary.rootStart
            let rootByte = base[summary.rootStart]
            let parsed: OpaquePointer?
            if rootByte == UInt8(ascii: "{") || rootByte == UInt8(ascii: "[") {
                parsed = UnsafeRawPointer(base + summary.rootStart).withMemoryRebound(to: CChar.self, capacity: length)
                {
                    json_tokener_parse_ex(tokener, $0, Int32(length))
                }
            } else {
                // json-c needs a byte after a number to end it; the terminating NUL serves.
                var scalar = Array(UnsafeBufferPointer(start: base + summary.rootStart, count: length)).map(
                    CChar.init(bitPattern:))
                scalar.append(0)
                parsed = json_tokener_parse_ex(tokener, scalar, Int32(scalar.count))
            }
            guard json_tokener_get_error(tokener) == json_tokener_success else {
                json_object_put(parsed)
                return nil
            }
            defer { json_object_put(parsed) }
            if summary.objectMemberCount >= 0, !summary.hasKeyWithNUL {
                return convertDirectly(parsed, memberCount: summary.objectMemberCount)
            }
            var converter = Converter(
                cursor: ValidatedJSONCursor(base: base, count: summary.rootEnd, index: summary.rootStart))
            guard let root = try? converter.convert(parsed),
                summary.objectMemberCount < 0 || converter.memberCount == summary.objectMemberCount
            else { return nil }
            return root
        }

        /// The elements at `ranges`: consecutive elements of one array, in order, with only separators and
        /// whitespace between them. json-c parses them as one array (`[`, the bytes from the first to the
        /// last, `]`, fed in turn to one tokener), so that its per-call costs are paid once for the lot.
        /// The caller owns the array (`json_object_put`); nil when json-c did not parse them so.
        static func parseBatch(
            base: UnsafePointer<UInt8>, ranges: [Range<Int>], tokener: UnsafeMutablePointer<json_tokener>
        ) -> OpaquePointer? {
            guard let first = ranges.first?.lowerBound, let end = ranges.last?.upperBound else { return nil }
            json_tokener_reset(tokener)
            json_tokener_set_flags(tokener, Int32(JSON_TOKENER_STRICT))
            guard json_tokener_parse_ex(tokener, "[", 1) == nil,
                json_tokener_get_error(tokener) == json_tokener_continue
            else { return nil }
            let partial = UnsafeRawPointer(base + first).withMemoryRebound(to: CChar.self, capacity: end - first) {
                json_tokener_parse_ex(tokener, $0, Int32(end - first))
            }
            guard partial == nil, json_tokener_get_error(tokener) == json_tokener_continue else {
                json_object_put(partial)
                return nil
            }
            let parsed = json_tokener_parse_ex(tokener, "]", 1)
            guard json_tokener_get_error(tokener) == json_tokener_success, let parsed,
                json_object_get_type(parsed) == json_type_array, json_object_array_length(parsed) == ranges.count
            else {
                json_object_put(parsed)
                return nil
            }
            return parsed
        }

        /// json-c's value `object` as a `JSON`, checked against the source from `range.lowerBound`, which must
        /// end at `range.upperBound`; nil when json-c's tree cannot be trusted there.
        static func convert(_ object: OpaquePointer?, base: UnsafePointer<UInt8>, range: Range<Int>) -> JSON? {
            var converter = Converter(
                cursor: ValidatedJSONCursor(base: base, count: range.upperBound, index: range.lowerBound))
            guard let value = try? converter.convert(object), converter.cursor.index == range.upperBound else {
                return nil
            }
            return value
        }

        /// json-c's value `object` as a `JSON`, checked against the source from `offset` on.
        static func convert(_ object: OpaquePointer?, base: UnsafePointer<UInt8>, count: Int, offset: Int) -> JSON? {
            var converter = Converter(cursor: ValidatedJSONCursor(base: base, count: count, index: offset))
            return try? converter.convert(object)
        }

        private struct Untrusted: Error {}

        private struct Converter {
            var cursor: ValidatedJSONCursor
            var memberCount = 0

            /// The json-c value must have the kind the text has at the cursor; otherwise the trees disagree.
            mutating func convert(_ object: OpaquePointer?) throws(Untrusted) -> JSON {
                let type = object.map { json_object_get_type($0) } ?? json_type_null
                switch cursor.byte {
                case UInt8(ascii: "{"):
                    guard type == json_type_object, let object else { throw Untrusted() }
                    return try self.object(object)
                case UInt8(ascii: "["):
                    guard type == json_type_array, let object else { throw Untrusted() }
                    return try array(object)
                case UInt8(ascii: "\""):
                    guard type == json_type_string else { throw Untrusted() }
                    return .string(cursor.decodeString())
                case UInt8(ascii: "t"), UInt8(ascii: "f"):
                    guard type == json_type_boolean else { throw Untrusted() }
                    let value = cursor.byte == UInt8(ascii: "t")
                    cursor.index += value ? 4 : 5
                    return .bool(value)
                case UInt8(ascii: "n"):
                    guard type == json_type_null else { throw Untrusted() }
                    cursor.index += 4
                    return .null
                default:
                    _ = cursor.scanNumber()
                    return try number(object, type: type)
                }
            }

            private mutating func object(_ object: OpaquePointer) throws(Untrusted) -> JSON {
                cursor.index += 1
                cursor.skipWhitespace()
                guard let table = json_object_get_object(object) else { throw Untrusted() }
                let count = Int(lh_table_length(table))
                memberCount += count
                var keys: [String] = []
                var values: [JSON] = []
                keys.reserveCapacity(count)
                values.reserveCapacity(count)
                var entry = lh_table_head(table)
                while let current = entry {
                    guard cursor.byte == UInt8(ascii: "\"") else { throw Untrusted() }
                    keys.append(cursor.decodeString())
                    _ = cursor.skipSeparator()
                    values.append(try convert(OpaquePointer(lh_entry_v(current))))
                    entry = lh_entry_next(current)
                    if entry != nil { guard cursor.skipSeparator() else { throw Untrusted() } }
                }
                cursor.skipWhitespace()
                guard cursor.byte == UInt8(ascii: "}") else { throw Untrusted() }
                cursor.index += 1
                return .object(JSONObject(keys: keys, values: values))
            }

            private mutating func array(_ object: OpaquePointer) throws(Untrusted) -> JSON {
                cursor.index += 1
                cursor.skipWhitespace()
                let count = json_object_array_length(object)
                var elements: [JSON] = []
                elements.reserveCapacity(count)
                for index in 0..<count {
                    if index > 0 { guard cursor.skipSeparator() else { throw Untrusted() } }
                    elements.append(try convert(json_object_array_get_idx(object, index)))
                }
                cursor.skipWhitespace()
                guard cursor.byte == UInt8(ascii: "]") else { throw Untrusted() }
                cursor.index += 1
                return .array(elements)
            }

            private func number(_ object: OpaquePointer?, type: json_type) throws(Untrusted) -> JSON {
                switch type {
                case json_type_int:
                    let signed = json_object_get_int64(object)
                    if signed == .max {
                        let unsigned = json_object_get_uint64(object)
                        if unsigned == .max { throw Untrusted() }
                        return unsigned > UInt64(Int64.max) ? .unsignedInteger(unsigned) : .integer(signed)
                    }
                    if signed == .min { throw Untrusted() }
                    return .integer(signed)
                case json_type_double:
                    let value = json_object_get_double(object)
                    if !value.isFinite { throw Untrusted() }
                    return .double(value)
                default:
                    throw Untrusted()
                }
            }
        }
    }
#endif
