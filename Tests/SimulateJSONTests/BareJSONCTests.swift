#if canImport(CJSONC)
    import CJSONC
    import Testing

    @testable import SimulateJSON

    /// Why the validator exists: json-c, even with `JSON_TOKENER_STRICT`, accepts these texts RFC 8259 forbids
    /// (or silently changes the data), so `JSONParser` must reject them before json-c sees them.
    @Suite struct BareJSONCTests {
        static let acceptedByBareJSONC: [CorpusCase] = [
            CorpusCase("negative leading zero", "[-01]"),
            CorpusCase("double zero", "[00]"),
            CorpusCase("negative double zero with fraction", "[-00.5]"),
            CorpusCase("trailing decimal point", "[1.]"),
            CorpusCase("NaN", "[NaN]"),
            CorpusCase("Infinity", "[Infinity]"),
            CorpusCase("-Infinity", "[-Infinity]"),
            CorpusCase("1e400 becomes inf", "[1e400]"),
            CorpusCase("unescaped line feed in string", "[\"a\nb\"]"),
            CorpusCase("unescaped tab in string", "[\"a\tb\"]"),
            CorpusCase("unescaped U+0001 in string", bytes: Array("[\"".utf8) + [1] + Array("\"]".utf8)),
            CorpusCase("lone high surrogate becomes U+FFFD", #"["\ud800"]"#),
            CorpusCase("lone low surrogate becomes U+FFFD", #"["\udc00"]"#),
            CorpusCase("overlong UTF-8", bytes: Array("[\"".utf8) + [0xC0, 0x80] + Array("\"]".utf8)),
            CorpusCase("UTF-8 encoded surrogate", bytes: Array("[\"".utf8) + [0xED, 0xA0, 0x80] + Array("\"]".utf8)),
            CorpusCase(
                "UTF-8 above U+10FFFF", bytes: Array("[\"".utf8) + [0xF4, 0x90, 0x80, 0x80] + Array("\"]".utf8)),
        ]

        @Test(arguments: acceptedByBareJSONC)
        func bareJSONCAcceptsButParserRejects(_ input: CorpusCase) {
            #expect(bareJSONCAccepts(input.bytes, strict: true))
            for backend in backends {
                #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(input.bytes, backend: backend) }
            }
        }

        /// Without the strict flags json-c accepts even more: trailing commas, single quotes, comments, bad
        /// exponents, trailing garbage (it stops after the first value).
        @Test(arguments: ["[1,]", #"{"a":1,}"#, "['a']", "/* c */ [1]", "[1.0e]", "[0e]", "[1]x", "[1] [2]", "0x10"])
        func nonStrictJSONCAcceptsMore(_ text: String) {
            #expect(bareJSONCAccepts(Array(text.utf8), strict: false))
            #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(text) }
        }

        /// Valid JSON whose meaning bare json-c changes; the parser gets it right.
        @Test func bareJSONCChangesData() throws {
            #expect(bareJSONCRoot("[18446744073709551616]") == "[ 18446744073709551615 ]")
            #expect(bareJSONCRoot("[-9223372036854775809]") == "[ -9223372036854775808 ]")
            #expect(bareJSONCRoot(#"{"a":1,"a":2}"#) == #"{ "a": 2 }"#)
            #expect(bareJSONCRoot(#"{"a\u0000b":1}"#) == #"{ "a": 1 }"#)
            // json-c 0.16 decodes high surrogates whose low six bits are 0x36 or 0x37 to U+FFFD.
            #expect(bareJSONCRoot(#"["\uD836\uDC00"]"#) == "[ \"\u{FFFD}\" ]")
            #expect(try JSONParser.parse(#"["\uD836\uDC00"]"#).root == ["\u{1D800}"])
            #expect(try JSONParser.parse("[18446744073709551616]").root == [.double(18446744073709551616)])
            #expect(try JSONParser.parse("[-9223372036854775809]").root == [.double(-9_223_372_036_854_775_808.0)])
            #expect(try JSONParser.parse(#"{"a":1,"a":2}"#).root == ["a": 1])
            #expect(try JSONParser.parse(#"{"a\u0000b":1}"#).root == ["a\u{0}b": 1])
        }

        private func bareJSONCAccepts(_ bytes: [UInt8], strict: Bool) -> Bool {
            guard let tokener = json_tokener_new_ex(1000) else { return false }
            defer { json_tokener_free(tokener) }
            json_tokener_set_flags(tokener, strict ? Int32(JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8) : 0)
            let object = bytes.withUnsafeBufferPointer { buffer in
                UnsafeRawPointer(buffer.baseAddress!).withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    json_tokener_parse_ex(tokener, $0, Int32(buffer.count))
                }
            }
            defer { json_object_put(object) }
            return json_tokener_get_error(tokener) == json_tokener_success
        }

        private func bareJSONCRoot(_ text: String) -> String? {
            guard let object = json_tokener_parse(text) else { return nil }
            defer { json_object_put(object) }
            return String(cString: json_object_to_json_string(object))
        }
    }
#endif
