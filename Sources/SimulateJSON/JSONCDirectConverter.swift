#if canImport(CJSONC)
    import CJSONC
    import Foundation

    extension JSONCBackend {
        /// Converts json-c's tree without walking the source: for a value whose members the strict scanner has
        /// counted (json-c merges repeated names, so a count that differs means a repeat) and whose names hold
        /// no U+0000. json-c's strings are exact except where it decodes a valid surrogate pair to U+FFFD (see
        /// `JSONCBackend`), so a string or name holding U+FFFD makes the tree untrusted.
        struct DirectConverter {
            private(set) var memberCount = 0
            private(set) var isExact = true

            mutating func convert(_ object: OpaquePointer?) -> JSON {
                guard let object, isExact else { return .null }
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
                    while let current = entry, let key = lh_entry_k(current) {
                        let length = strlen(key.assumingMemoryBound(to: CChar.self))
                        keys.append(
                            text(UnsafeBufferPointer(start: key.assumingMemoryBound(to: UInt8.self), count: length)))
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
                    guard let start = json_object_get_string(object) else { return .string("") }
                    let bytes = UnsafeRawPointer(start).assumingMemoryBound(to: UInt8.self)
                    return .string(
                        text(UnsafeBufferPointer(start: bytes, count: Int(json_object_get_string_len(object)))))
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

            /// The string, unless it holds U+FFFD (EF BF BD), which json-c may have put for a valid pair.
            private mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
                guard let start = bytes.baseAddress else { return "" }
                // memchr finds each 0xEF lead byte; most strings have none.
                var from = 0
                while from < bytes.count, let found = memchr(start + from, 0xEF, bytes.count - from) {
                    let index = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - start
                    if index + 2 < bytes.count, bytes[index + 1] == 0xBF, bytes[index + 2] == 0xBD {
                        isExact = false
                        return ""
                    }
                    from = index + 1
                }
                return String(decoding: bytes, as: UTF8.self)
            }
        }

        /// `object` converted by `DirectConverter`; nil when its tree cannot be trusted or holds other than
        /// `memberCount` members.
        static func convertDirectly(_ object: OpaquePointer?, memberCount: Int) -> JSON? {
            var converter = DirectConverter()
            let value = converter.convert(object)
            guard converter.isExact, converter.memberCount == memberCount else { return nil }
            return value
        }
    }
#endif
