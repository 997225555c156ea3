/// The order `localizedCaseInsensitiveCompare` gives the Code=134060 lines: Unicode collation (CLDR root,
/// punctuation not ignorable) compared case-insensitively. For the characters these lines hold — ASCII
/// letters, digits, `_`, `-`, `:` and spaces — that is a character-by-character comparison of primary
/// weights: whitespace, then punctuation and symbols in the collation chart's order (`_` before `-`
/// before `:`), then digits, then letters with case ignored. So `Item: name` precedes `Item2: name` and
/// `Project_Archive: title` precedes `Project: title`. Other characters follow all of these, by code
/// point (names are identifiers, so none occur). Lines equal but for case are ordered lowercase first,
/// as the collation's tertiary level does, so the order never depends on the input's.
enum CollationOrder {
    static func precedes(_ a: String, _ b: String) -> Bool {
        let (x, y) = (Array(a.unicodeScalars), Array(b.unicodeScalars))
        for (p, q) in zip(x, y) {
            let (wp, wq) = (primary(p), primary(q))
            if wp != wq { return wp < wq }
        }
        if x.count != y.count { return x.count < y.count }
        for (p, q) in zip(x, y) where p != q {
            return isLowercase(p) && !isLowercase(q) || (isLowercase(p) == isLowercase(q) && p.value < q.value)
        }
        return false
    }

    /// ASCII whitespace, punctuation and symbols in the CLDR root collation's order.
    private static let punctuation = Array("\t\n\u{0B}\u{0C}\r _-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$".unicodeScalars)

    private static func primary(_ scalar: Unicode.Scalar) -> UInt32 {
        let value = scalar.value
        if let index = punctuation.firstIndex(of: scalar) { return UInt32(index) }
        if (0x30...0x39).contains(value) { return 100 + value - 0x30 }
        if (0x61...0x7A).contains(value) { return 200 + value - 0x61 }
        if (0x41...0x5A).contains(value) { return 200 + value - 0x41 }
        return 1000 + value
    }

    private static func isLowercase(_ scalar: Unicode.Scalar) -> Bool { (0x61...0x7A).contains(scalar.value) }
}
