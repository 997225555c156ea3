import SimulateJSON
import Testing

/// Columns after invalid UTF-8 count what a terminal shows: each invalid part is one replacement character.
@Suite struct InvalidUTF8ColumnTests {
    private func lastError(_ bytes: [UInt8]) -> String? {
        do {
            _ = try JSONParser.parse(bytes)
            return nil
        } catch {
            return ([error] + error.furtherErrors).last?.description
        }
    }

    @Test(
        arguments: [
            // Two lone continuation bytes: two replacement characters.
            ([0x80, 0x80], 8),
            // A four-byte lead with a second byte out of its range: two replacement characters.
            ([0xF0, 0x80], 8),
            // A three-byte sequence cut short: one replacement character.
            ([0xE2, 0x82], 7),
            // Valid text around them: one column a character.
            ([0xC3, 0xA9, 0xFF, 0xE4, 0xB8, 0xAD], 9),
        ] as [([UInt8], Int)])
    func aColumnAfterInvalidBytesCountsTheirReplacementCharacters(invalid: [UInt8], column: Int) {
        // `["`, the bytes, `", 007]`: the leading zero is the last error.
        let text = Array("[\"".utf8) + invalid + Array("\", 007]".utf8)
        #expect(lastError(text) == "1:\(column): leading zeros are not allowed")
        #expect(String(decoding: invalid, as: UTF8.self).unicodeScalars.count + 6 == column)
    }
}
