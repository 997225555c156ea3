import Testing

/// JSONTestSuite-style cases: `y_` must parse, `n_` must be rejected.
struct CorpusCase: CustomTestStringConvertible, Sendable {
    var name: String
    var bytes: [UInt8]
    /// For `n_` cases: a fragment of the error message.
    var message: String = ""

    init(_ name: String, _ text: String, message: String = "") {
        self.name = name
        self.bytes = Array(text.utf8)
        self.message = message
    }

    init(_ name: String, bytes: [UInt8], message: String = "") {
        self.name = name
        self.bytes = bytes
        self.message = message
    }

    var testDescription: String { name }
}

enum ConformanceCorpus {
    static let valid: [CorpusCase] = [
        CorpusCase(
            "y_rfc8259_image_example",
            """
            {
              "Image": {
                "Width":  800,
                "Height": 600,
                "Title":  "View from 15th Floor",
                "Thumbnail": {
                  "Url":    "http://www.example.com/image/481989943",
                  "Height": 125,
                  "Width":  100
                },
                "Animated" : false,
                "IDs": [116, 943, 234, 38793]
              }
            }
            """),
        CorpusCase(
            "y_rfc8259_array_example",
            """
            [
              {
                 "precision": "zip",
                 "Latitude":  37.7668,
                 "Longitude": -122.3959,
                 "Address":   "",
                 "City":      "SAN FRANCISCO",
                 "State":     "CA",
                 "Zip":       "94107",
                 "Country":   "US"
              }
            ]
            """),
        CorpusCase("y_rfc8259_scalar_string", #""Hello world!""#),
        CorpusCase("y_rfc8259_scalar_number", "42"),
        CorpusCase("y_rfc8259_scalar_true", "true"),
        CorpusCase("y_scalar_false", "false"),
        CorpusCase("y_scalar_null", "null"),
        CorpusCase("y_scalar_with_whitespace", " \t\r\n 3.5 \r\n"),
        CorpusCase("y_empty_array", "[]"),
        CorpusCase("y_empty_object", "{}"),
        CorpusCase("y_empty_key", #"{"":0}"#),
        CorpusCase("y_nested_empty", "[[[]],{},[{}]]"),
        CorpusCase("y_numbers", "[0, -0, 1, -1, 0.5, -0.5, 1e2, 1E2, 1e+2, 1e-2, 0e0, -0.0e-0, 123.456e78]"),
        CorpusCase("y_int64_bounds", "[9223372036854775807, -9223372036854775808]"),
        CorpusCase("y_uint64_bounds", "[9223372036854775808, 18446744073709551615]"),
        CorpusCase(
            "y_integer_above_uint64", "[18446744073709551616, -9223372036854775809, 123456789012345678901234567890]"),
        CorpusCase("y_tiny_double_underflows_to_zero", "[1e-400, 5e-324]"),
        CorpusCase("y_escapes", #"["\"\\\/\b\f\n\r\t", "\u0041\u00e9\u4e2d"]"#),
        CorpusCase("y_surrogate_pair", #"["\uD834\uDD1E", "\ud83d\ude00"]"#),
        CorpusCase("y_escaped_nul_in_string", #"["a\u0000b"]"#),
        CorpusCase("y_escaped_nul_in_key", #"{"a\u0000b": 1, "a": 2}"#),
        CorpusCase("y_utf8_multibyte", "[\"é中𝄞\u{7F}\"]"),
        CorpusCase("y_noncharacters", "[\"\u{FFFF}\u{10FFFF}\"]"),
        CorpusCase("y_members_keep_order", #"{"z": 1, "a": 2, "m": {"y": true, "b": null}}"#),
        CorpusCase("y_literals_in_array", "[true,false,null]"),
        CorpusCase("y_deep_512", String(repeating: "[", count: 512) + String(repeating: "]", count: 512)),
        CorpusCase("y_long_string", "[\"" + String(repeating: "abc", count: 10_000) + "\"]"),
        CorpusCase("y_whitespace_everywhere", " { \"a\" \n:\r[ 1 ,\t2 ] , \"b\" : { } } "),
        CorpusCase("y_duplicate_keys", #"{"a": 1, "b": 2, "a": 3}"#),
    ]

    static let invalid: [CorpusCase] = [
        CorpusCase("n_empty_input", "", message: "empty"),
        CorpusCase("n_only_whitespace", " \n ", message: "empty"),
        CorpusCase("n_bom", bytes: [0xEF, 0xBB, 0xBF] + Array("[1]".utf8), message: "byte order mark"),
        CorpusCase("n_leading_zero", "[01]", message: "leading zeros are not allowed"),
        CorpusCase("n_negative_leading_zero", "[-01]", message: "leading zeros are not allowed"),
        CorpusCase("n_double_zero", "[00]", message: "leading zeros are not allowed"),
        CorpusCase("n_negative_double_zero_fraction", "[-00.5]", message: "leading zeros are not allowed"),
        CorpusCase("n_top_level_leading_zero", "01", message: "leading zeros are not allowed"),
        CorpusCase("n_trailing_decimal_point", "[1.]", message: "after the decimal point"),
        CorpusCase("n_top_level_trailing_decimal_point", "1.", message: "after the decimal point"),
        CorpusCase("n_leading_decimal_point", "[.5]", message: "digit before the decimal point"),
        CorpusCase("n_plus_sign", "[+1]", message: "cannot start with '+'"),
        CorpusCase("n_minus_alone", "[-]", message: "after '-'"),
        CorpusCase("n_minus_space", "[- 1]", message: "after '-'"),
        CorpusCase("n_hex", "[0x10]", message: "expected ',' or ']'"),
        CorpusCase("n_empty_exponent", "[1e]", message: "exponent"),
        CorpusCase("n_exponent_sign_only", "[1e+]", message: "exponent"),
        CorpusCase("n_fraction_empty_exponent", "[1.0e]", message: "exponent"),
        CorpusCase("n_NaN", "[NaN]", message: "expected a value"),
        CorpusCase("n_Infinity", "[Infinity]", message: "expected a value"),
        CorpusCase("n_minus_Infinity", "[-Infinity]", message: "after '-'"),
        CorpusCase("n_huge_exponent", "[1e400]", message: "outside the range"),
        CorpusCase("n_huge_negative", "[-1e400]", message: "outside the range"),
        CorpusCase(
            "n_huge_integer_digits_with_fraction", "[1" + String(repeating: "0", count: 400) + ".0]",
            message: "outside the range"),
        CorpusCase("n_single_quoted_string", "['a']", message: "single quotes"),
        CorpusCase("n_single_quoted_key", "{'a': 1}", message: "single quotes"),
        CorpusCase("n_unquoted_key", "{a: 1}", message: "expected a string key"),
        CorpusCase("n_block_comment", "/* c */ [1]", message: "comments"),
        CorpusCase("n_line_comment_after_value", "[1] // c", message: "after the JSON value"),
        CorpusCase("n_comment_in_array", "[1, /* c */ 2]", message: "comments"),
        CorpusCase("n_trailing_comma_array", "[1,]", message: "trailing comma"),
        CorpusCase("n_trailing_comma_object", #"{"a": 1,}"#, message: "trailing comma"),
        CorpusCase("n_double_comma", "[1,,2]", message: "expected a value"),
        CorpusCase("n_leading_comma", "[,1]", message: "expected a value"),
        CorpusCase("n_missing_comma", "[1 2]", message: "expected ',' or ']' after array element"),
        CorpusCase("n_missing_colon", #"{"a" 1}"#, message: "expected ':'"),
        CorpusCase("n_missing_member_comma", #"{"a": 1 "b": 2}"#, message: "expected ',' or '}' after object member"),
        CorpusCase("n_unclosed_array", "[1, 2", message: "end of input"),
        CorpusCase("n_unclosed_object", #"{"a": 1"#, message: "end of input"),
        CorpusCase("n_unclosed_string", #"["abc"#, message: "inside a string"),
        CorpusCase("n_mismatched_brackets", "[1}", message: "expected ',' or ']'"),
        CorpusCase("n_trailing_garbage", "[1]x", message: "after the JSON value"),
        CorpusCase("n_two_values", "[1] [2]", message: "after the JSON value"),
        CorpusCase("n_two_scalars", "1 2", message: "after the JSON value"),
        CorpusCase("n_unescaped_newline", "[\"a\nb\"]", message: "unescaped control character U+000A"),
        CorpusCase("n_unescaped_tab", "[\"a\tb\"]", message: "unescaped control character U+0009"),
        CorpusCase("n_unescaped_nul", bytes: Array("[\"a".utf8) + [0] + Array("\"]".utf8), message: "U+0000"),
        CorpusCase("n_unescaped_control_01", bytes: Array("[\"".utf8) + [1] + Array("\"]".utf8), message: "U+0001"),
        CorpusCase("n_invalid_escape_x", #"["\x41"]"#, message: "invalid escape"),
        CorpusCase("n_invalid_escape_U", #"["\U0041"]"#, message: "invalid escape"),
        CorpusCase("n_invalid_escape_apostrophe", #"["\'"]"#, message: "invalid escape"),
        CorpusCase("n_short_unicode_escape", #"["\u12"]"#, message: "four hexadecimal digits"),
        CorpusCase("n_lone_high_surrogate", #"["\ud800"]"#, message: "unpaired high surrogate"),
        CorpusCase("n_lone_low_surrogate", #"["\udc00"]"#, message: "unpaired low surrogate"),
        CorpusCase("n_high_surrogate_then_letter", #"["\ud800\u0041"]"#, message: "unpaired high surrogate"),
        CorpusCase("n_reversed_surrogates", #"["\udc00\ud800"]"#, message: "unpaired low surrogate"),
        CorpusCase("n_invalid_utf8_ff", bytes: Array("[\"".utf8) + [0xFF] + Array("\"]".utf8), message: "0xFF"),
        CorpusCase(
            "n_invalid_utf8_continuation", bytes: Array("[\"".utf8) + [0x80] + Array("\"]".utf8), message: "0x80"),
        CorpusCase("n_overlong_utf8", bytes: Array("[\"".utf8) + [0xC0, 0x80] + Array("\"]".utf8), message: "0xC0"),
        CorpusCase(
            "n_utf8_encoded_surrogate", bytes: Array("[\"".utf8) + [0xED, 0xA0, 0x80] + Array("\"]".utf8),
            message: "0xED"),
        CorpusCase(
            "n_utf8_above_10FFFF", bytes: Array("[\"".utf8) + [0xF4, 0x90, 0x80, 0x80] + Array("\"]".utf8),
            message: "0xF4"),
        CorpusCase("n_truncated_utf8", bytes: Array("[\"".utf8) + [0xE4, 0xB8], message: "UTF-8"),
        CorpusCase("n_invalid_utf8_outside_string", bytes: [0x5B, 0xFF, 0x5D], message: "byte 0xFF"),
        CorpusCase("n_form_feed_whitespace", "\u{0C}[1]", message: "JSON whitespace is only"),
        CorpusCase("n_vertical_tab_whitespace", "[1,\u{0B}2]", message: "JSON whitespace is only"),
        CorpusCase("n_nbsp_whitespace", "[\u{A0}1]", message: "U+00A0"),
        CorpusCase("n_line_separator_whitespace", "[\u{2028}1]", message: "U+2028"),
        CorpusCase("n_capitalized_true", "[True]", message: "expected a value"),
        CorpusCase("n_truncated_null", "[nul]", message: "expected 'null'"),
        CorpusCase("n_truncated_true_at_end", "tru", message: "expected 'true'"),
        CorpusCase("n_object_key_number", "{1: 2}", message: "expected a string key"),
        CorpusCase("n_object_without_value", #"{"a":}"#, message: "expected a value"),
        CorpusCase(
            "n_deep_513", String(repeating: "[", count: 513) + String(repeating: "]", count: 513),
            message: "nested more than 512"),
        CorpusCase("n_deep_100000", String(repeating: "[", count: 100_000), message: "nested more than 512"),
        CorpusCase("n_lone_closing_bracket", "]", message: "expected a value"),
    ]
}
