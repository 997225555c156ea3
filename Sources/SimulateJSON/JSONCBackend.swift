#if canImport(CJSONC)
    import CJSONC

    /// Parses validated bytes with json-c and converts its tree. Returns nil when the json-c tree cannot be
    /// trusted (fewer members than the text has, so a key repeats; a clamped integer; an infinite double), and
    /// the caller then builds the tree with `JSONTreeBuilder`.
    enum JSONCBackend {
        static func parse(_ bytes: UnsafeBufferPointer<UInt8>, summary: StrictJSONValidator.Summary) -> JSON? {
            guard let base = bytes.baseAddress,
                let tokener = json_tokener_new_ex(Int32(StrictJSONValidator.maximumDepth + 2))
            else { return nil }
            defer { json_tokener_free(tokener) }
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
            var converter = Converter()
            let root = converter.convert(parsed)
            guard converter.isExact, converter.memberCount == summary.objectMemberCount else { return nil }
            return root
        }

        private struct Converter {
            var memberCount = 0
            var isExact = true

            mutating func convert(_ object: OpaquePointer?) -> JSON {
                guard let object else { return .null }
                switch json_object_get_type(object) {
                case json_type_object:
                    guard let table = json_object_get_object(object) else { return .object(JSONObject()) }
                    let count = Int(lh_table_length(table))
                    memberCount += count
                    var keys: [String] = []
                    var values: [JSON] = []
                    keys.reserveCapacity(count)
                    values.reserveCapacity(count)
                    var entry = lh_table_head(table)
                    while let current = entry {
                        let key = lh_entry_k(current)!.assumingMemoryBound(to: CChar.self)
                        keys.append(String(cString: key))
                        values.append(convert(OpaquePointer(lh_entry_v(current))))
                        entry = lh_entry_next(current)
                    }
                    return .object(JSONObject(keys: keys, values: values))
                case json_type_array:
                    let count = json_object_array_length(object)
                    var elements: [JSON] = []
                    elements.reserveCapacity(count)
                    for index in 0..<count {
                        elements.append(convert(json_object_array_get_idx(object, index)))
                    }
                    return .array(elements)
                case json_type_string:
                    let length = Int(json_object_get_string_len(object))
                    let text = UnsafeRawPointer(json_object_get_string(object)!).assumingMemoryBound(to: UInt8.self)
                    return .string(String(decoding: UnsafeBufferPointer(start: text, count: length), as: UTF8.self))
                case json_type_int:
                    let signed = json_object_get_int64(object)
                    if signed == .max {
                        let unsigned = json_object_get_uint64(object)
                        if unsigned == .max { isExact = false }
                        return unsigned > UInt64(Int64.max) ? .unsignedInteger(unsigned) : .integer(signed)
                    }
                    if signed == .min { isExact = false }
                    return .integer(signed)
                case json_type_double:
                    let value = json_object_get_double(object)
                    if !value.isFinite { isExact = false }
                    return .double(value)
                case json_type_boolean:
                    return .bool(json_object_get_boolean(object) != 0)
                default:
                    return .null
                }
            }
        }
    }
#endif
