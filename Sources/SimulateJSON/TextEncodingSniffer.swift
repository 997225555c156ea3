/// Recognises UTF-16 and UTF-32 text by its byte order mark or, without one, by where the NUL bytes of the
/// first ASCII characters fall (RFC 4627 section 3: JSON text starts with two ASCII characters).
enum TextEncodingSniffer {
    struct Encoding: CustomStringConvertible {
        var name: String
        var hasByteOrderMark: Bool
        var description: String {
            hasByteOrderMark ? "\(name) (it starts with a \(name) byte order mark)" : "\(name) (by its NUL bytes)"
        }
        var iconvName: String { name }
    }

    static func otherEncoding(base: UnsafePointer<UInt8>, count: Int) -> Encoding? {
        func byte(_ index: Int) -> UInt8? { index < count ? base[index] : nil }
        let b0 = byte(0)
        let b1 = byte(1)
        let b2 = byte(2)
        let b3 = byte(3)
        if b0 == 0x00, b1 == 0x00, b2 == 0xFE, b3 == 0xFF { return Encoding(name: "UTF-32BE", hasByteOrderMark: true) }
        if b0 == 0xFF, b1 == 0xFE, b2 == 0x00, b3 == 0x00 { return Encoding(name: "UTF-32LE", hasByteOrderMark: true) }
        if b0 == 0xFE, b1 == 0xFF { return Encoding(name: "UTF-16BE", hasByteOrderMark: true) }
        if b0 == 0xFF, b1 == 0xFE { return Encoding(name: "UTF-16LE", hasByteOrderMark: true) }
        guard let b0, let b1 else { return nil }
        if count >= 4, let b2, let b3 {
            if b0 == 0, b1 == 0, b2 == 0, b3 != 0 { return Encoding(name: "UTF-32BE", hasByteOrderMark: false) }
            if b0 != 0, b1 == 0, b2 == 0, b3 == 0 { return Encoding(name: "UTF-32LE", hasByteOrderMark: false) }
        }
        if b0 == 0, b1 != 0 { return Encoding(name: "UTF-16BE", hasByteOrderMark: false) }
        if b0 != 0, b0 < 0x80, b1 == 0, count % 2 == 0 {
            return Encoding(name: "UTF-16LE", hasByteOrderMark: false)
        }
        return nil
    }
}
